import type { UserOutboxKind } from '#outbox/model.ts';
import { groupAnnouncementsOf, type TeamRecord } from '#teams/repository.ts';

/** Where one notice goes (the dispatcher's plan): a LINE user id and an email, each or null. */
export interface ChannelPlan {
  line: string | null;
  email: string | null;
}

type GroupTeam = Pick<TeamRecord, 'lineGroupId' | 'groupAnnouncements'>;

/** The team's bound group tells the same thing as this notice (its own announcement of it). */
function groupTells(kind: UserOutboxKind, team: GroupTeam): boolean {
  if (!team.lineGroupId) return false;
  if (kind === 'news') return true;
  return (kind === 'sessionChanged' || kind === 'sessionCancelled') && groupAnnouncementsOf(team).changes;
}

/**
 * With the team's group bound, news is not pushed 1:1 to a member who did not ask for news 1:1
 * (`newsDirect`): the group push tells them, and LINE would bill the same news twice (README
 * "Team news"). Email still goes. Returns the note.
 */
export function newsInGroup(
  kind: UserOutboxKind,
  plan: ChannelPlan,
  team: GroupTeam | null,
  newsDirect: boolean,
): string | null {
  if (kind !== 'news' || !plan.line || newsDirect || !team?.lineGroupId) return null;
  plan.line = null;
  return "told in the team's group (no 1:1 news wished)";
}

/**
 * Past the team's daily cap of 1:1 pushes (`LineDailyCap`): no LINE push; the bound group's
 * own announcement tells changes, cancellations and news, a verified email gets the notice,
 * else the app shows it. Returns the note.
 */
export function pastDailyCap(kind: UserOutboxKind, plan: ChannelPlan, team: GroupTeam, capNote: string): string {
  plan.line = null;
  if (groupTells(kind, team)) return `${capNote}: told in the team's group`;
  return plan.email ? `${capNote}: email instead of LINE` : `${capNote}: shown in the app only`;
}
