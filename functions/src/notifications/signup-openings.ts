import { createHash } from 'node:crypto';
import { toUtcInstant } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { newGroupOutboxItem } from '#outbox/model.ts';
import type { OutboxRepository } from '#outbox/repository.ts';
import type { Clock } from '#platform/clock.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { groupAnnouncementsOf, type TeamRepository } from '#teams/repository.ts';

/** What the reminder job (reminders, sign-up openings) reads and writes: app/jobs.ts `reminderJobDeps`. */
export interface ReminderJobDeps {
  store: Store;
  clock: Clock;
  sessions: SessionRepository;
  outbox: OutboxRepository;
  teams: TeamRepository;
}

/** Sign-up openings of the last two hours are announced: more than one run of the job (at most 60 minutes apart). */
export const SIGNUP_LOOKBACK_MS = 2 * 3_600_000;

/** One announcement per session and opening instant, so overlapping runs write it once. */
export function signupOpeningOutboxId(sessionId: string, signupOpensAt: string): string {
  // The UTC form (TABLE.md, "Instants"): one opening has one id however its time was written.
  const at = toUtcInstant(signupOpensAt) ?? signupOpensAt;
  const digest = createHash('sha256').update(`${sessionId}|${at}`).digest('hex').slice(0, 32);
  return `signup_${digest}`;
}

/**
 * Runs with the reminder job: for every team whose group is bound and that wants sign-up
 * announcements, one 'groupSignupOpening' record per public session of the team whose sign-up
 * opened in the lookback (and opened after it was created: a new session is announced as new).
 * Reads the team list, then the team's sessions ahead (GSI3) per bound team.
 */
export async function scheduleSignupOpenings(
  deps: ReminderJobDeps & { lookbackMs?: number },
): Promise<{ written: number }> {
  const now = deps.clock.now();
  const from = now.getTime() - (deps.lookbackMs ?? SIGNUP_LOOKBACK_MS);
  const nowIso = now.toISOString();
  const teams = (await deps.teams.list()).filter(
    (team) => team.lineGroupId && groupAnnouncementsOf(team).signupOpening,
  );
  const { sessions, outbox } = deps;
  let written = 0;
  for (const team of teams) {
    const ahead = await sessions.teamSessions(team.id, nowIso, '~');
    // Compared as instants, not as text: stored times are UTC (TABLE.md, "Instants"), and this holds either way.
    const opened = ahead.filter((s) => {
      const opensAt = Date.parse(s.signupOpensAt);
      return s.isPublic && opensAt > from && opensAt <= now.getTime() && Date.parse(s.createdAt) < opensAt;
    });
    const results = await Promise.all(
      opened.map((s) =>
        outbox.putIfAbsent(
          newGroupOutboxItem({
            id: signupOpeningOutboxId(s.id, s.signupOpensAt),
            kind: 'groupSignupOpening',
            teamId: team.id,
            sessionIds: [s.id],
            now,
          }),
        ),
      ),
    );
    written += results.filter(Boolean).length;
  }
  return { written };
}
