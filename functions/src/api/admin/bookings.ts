import { createHash } from 'node:crypto';
import { addDays, adminRoutes, taipeiDate, taipeiDayStart } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { attendanceCounts, toAdminSession } from '#api/views/sessions.ts';
import type { BookingEngine } from '#bookings/engine.ts';
import { adminIdempotencyScope, guestUserId } from '#db/keys.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';

export interface CheckInRouteDeps {
  clock: Clock;
  ids: IdGenerator;
  scope: TeamScope;
  sessions: SessionRepository;
  engine: BookingEngine;
  /** The no-show rule (docs/MONEY.md), applied when a player is marked absent. */
  noShows: { afterAbsent(teamId: string, userId: string, startsAt: string): Promise<string | null> };
  http: ContractAppOptions;
  /** An open rotation board takes the checked-in player at once (docs/ON-COURT.md, "Rotation"). */
  rotation: { afterCheckIn(sessionId: string): Promise<void> };
}

/** Walk-ins are added from this long before a session's start until its end. */
const WALK_IN_LEAD_MS = 2 * 3_600_000;
const walkInOpen = (session: Pick<SessionRecord, 'startsAt' | 'endsAt'>, now: Date) =>
  now.getTime() >= Date.parse(session.startsAt) - WALK_IN_LEAD_MS && now.getTime() <= Date.parse(session.endsAt);

export function checkInRoutes(s: CheckInRouteDeps) {
  return contractRoutes(
    adminRoutes,
    {
      /** Idempotent: marking the same value again changes nothing; the first check-in time is kept. */
      'signed/signed': async ({ sessionId, userId, attendance }, { refs }) => {
        const session = refs.sessionId;
        await s.engine.checkIn(sessionId, userId, attendance);
        if (attendance === 'absent') await s.noShows.afterAbsent(session.teamId, userId, session.startsAt);
        else await s.rotation.afterCheckIn(sessionId);
        const booking = await s.sessions.booking(sessionId, userId);
        return { sessionId, userId, attendance, checkedInAt: booking?.checkedInAt ?? null };
      },

      'signed/getSignedList': async ({ date }, { refs }) => {
        const access = refs.teamId;
        const now = s.clock.now();
        const day = date ?? taipeiDate(now);
        const sessions = (
          await s.sessions.teamSessions(access.teamId, taipeiDayStart(day), taipeiDayStart(addDays(day, 1)))
        ).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
        const rows = await Promise.all(
          sessions.map(async (session) => ({
            session: toAdminSession(session, now),
            counts: attendanceCounts(await s.sessions.bookings(session.id)),
          })),
        );
        return { date: day, sessions: rows };
      },

      /**
       * A walk-in is a member of the team, a player who booked with it before (the `teamPlayer`
       * reference), or a guest by name; only on the session's day, from 2 h before its start to
       * its end (docs/ARCHITECTURE.md, "References").
       */
      'signed/addWalkIn': async ({ sessionId, name }, { admin, idempotencyKey, refs }) => {
        if (!walkInOpen(refs.sessionId, s.clock.now())) throw new DomainError('WALK_IN_CLOSED');
        // A guest without an account; a retried request names the same guest.
        const guest = () =>
          idempotencyKey
            ? createHash('sha256').update(`${admin.adminId}:${idempotencyKey}`).digest('hex').slice(0, 24)
            : s.ids().slice(0, 24);
        const player = refs.userId ?? { userId: guestUserId(guest()), name: name!, pictureUrl: '' };
        const outcome = await s.engine.addWalkIn({
          sessionId,
          player,
          addedBy: admin.adminId,
          idempotencyScope: adminIdempotencyScope(admin.adminId),
          idempotencyKey,
          read: refs.sessionId,
        });
        await s.rotation.afterCheckIn(sessionId);
        return { ...outcome, name: player.name, attendance: 'attended' as const };
      },
    },
    s.http,
  );
}
