import type { Store } from '#db/client.ts';
import type { IdGenerator } from '#platform/clock.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';
import type { TeamRecord } from '#teams/repository.ts';
import { newGroupOutboxItem, newOutboxItem, type OutboxItem } from './model.ts';
import { putOutboxBatch } from './repository.ts';

function newsItem(id: string, team: TeamRecord, userId: string, text: string, now: Date): OutboxItem {
  return newOutboxItem({ id, kind: 'news', userId, sessionId: '', now, details: { teamId: team.id, text } });
}

/**
 * A team's news (TABLE.md, "Team news"): one 'groupNews' record when the group is bound and
 * one 'news' record per member not blocked, written in BatchWrite chunks of 25 (a team has
 * hundreds of members: more than one transaction holds, and each record stands alone). The
 * dispatcher applies each member's "news" preference and the quota rules at delivery.
 */
export async function recordTeamNews(
  deps: { store: Store; ids: IdGenerator; memberships: Pick<MembershipRepository, 'membersOf'> },
  team: TeamRecord,
  text: string,
  now: Date,
): Promise<{ members: number; group: boolean }> {
  const members = (await deps.memberships.membersOf(team.id)).filter((m) => !m.blocked);
  const items: OutboxItem[] = members.map((m) => newsItem(deps.ids(), team, m.userId, text, now));
  if (team.lineGroupId) {
    items.push(
      newGroupOutboxItem({
        id: deps.ids(),
        kind: 'groupNews',
        teamId: team.id,
        sessionIds: [],
        now,
        details: { text },
      }),
    );
  }
  await putOutboxBatch(deps.store, items);
  return { members: members.length, group: Boolean(team.lineGroupId) };
}
