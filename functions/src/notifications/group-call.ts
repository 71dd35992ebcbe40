import type { OutboxRecord } from '#outbox/model.ts';
import type { TeamRepository } from '#teams/repository.ts';
import type { LineTools } from './delivery.ts';

/**
 * Whether a last call goes to the team's group as one message mentioning the called players
 * instead of one push each (docs/FAIR-SIGNUP.md, "Last call"): a group is bound and costs no
 * more, as LINE bills a group push once per member of the group. `called` is how many players
 * the call names; the group's size is read from LINE at most once an hour per process.
 */
export async function groupCostsLess(line: LineTools | null, groupId: string | undefined, called: number) {
  if (!line || !groupId || called < 2) return false;
  return (await line.budget.groupSize(groupId)) <= called;
}

/** For a player's last-call notice: is it told in the group instead (so no 1:1 push)? */
export async function toldInGroupCall(
  line: LineTools | null,
  teams: TeamRepository,
  record: OutboxRecord,
  teamId: string | undefined,
): Promise<boolean> {
  if (record.kind !== 'lastCall' || !record.groupCallId || !teamId) return false;
  const team = await teams.get(teamId);
  return groupCostsLess(line, team?.lineGroupId, record.groupCallSize ?? 0);
}
