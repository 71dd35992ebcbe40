import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import type { IdGenerator } from '#platform/clock.ts';
import { isTransientStoreError, withRetry } from '#platform/retry.ts';
import { MembershipRepository } from '#teams/membership.ts';
import type { TeamRecord } from '#teams/repository.ts';
import { newGroupOutboxItem, newOutboxItem } from './model.ts';

/** BatchWriteItem takes at most 25 items. */
const BATCH = 25;

function newsItem(id: string, team: TeamRecord, userId: string, text: string, now: Date): Record<string, unknown> {
  return newOutboxItem({ id, kind: 'news', userId, sessionId: '', now, details: { teamId: team.id, text } });
}

/**
 * A team's news (TABLE.md, "Team news"): one 'groupNews' record when the group is bound and
 * one 'news' record per member not blocked, written in BatchWrite chunks of 25 (a team has
 * hundreds of members: more than one transaction holds, and each record stands alone). The
 * dispatcher applies each member's "news" preference and the quota rules at delivery.
 */
export async function recordTeamNews(
  deps: { store: Store; ids: IdGenerator },
  team: TeamRecord,
  text: string,
  now: Date,
): Promise<{ members: number; group: boolean }> {
  const members = (await new MembershipRepository(deps.store).membersOf(team.id)).filter((m) => !m.blocked);
  const items: Record<string, unknown>[] = members.map((m) => newsItem(deps.ids(), team, m.userId, text, now));
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
  for (let i = 0; i < items.length; i += BATCH) {
    let pending = items.slice(i, i + BATCH).map((Item) => ({ PutRequest: { Item } }));
    for (let round = 0; pending.length > 0; round++) {
      if (round > 5) throw new Error('News outbox items left unprocessed');
      const { UnprocessedItems } = await withRetry(
        () => deps.store.doc.send(new BatchWriteCommand({ RequestItems: { [deps.store.tableName]: pending } })),
        isTransientStoreError,
      );
      pending = (UnprocessedItems?.[deps.store.tableName] ?? []) as typeof pending;
      if (pending.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** round));
    }
  }
  return { members: members.length, group: Boolean(team.lineGroupId) };
}
