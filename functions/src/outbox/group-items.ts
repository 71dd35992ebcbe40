import type { SessionRecord } from '#sessions/model.ts';
import { groupAnnouncementsOf, type TeamRecord } from '#teams/repository.ts';
import { newGroupOutboxItem, type OutboxItem } from './model.ts';

/**
 * The group announcement of one create call's public sessions (one push however many), or
 * null when the team has no bound group, turned new-session announcements off, or created
 * only team-only sessions. Written in the create transaction (`sessions/create.ts`).
 */
export function newSessionsAnnouncement(
  team: TeamRecord,
  sessions: SessionRecord[],
  now: Date,
  id: string,
): OutboxItem | null {
  const announced = sessions.filter((s) => s.isPublic);
  if (!team.lineGroupId || !groupAnnouncementsOf(team).newSessions || announced.length === 0) return null;
  return newGroupOutboxItem({
    id,
    kind: 'groupNewSessions',
    teamId: team.id,
    sessionIds: announced.map((s) => s.id),
    now,
  });
}
