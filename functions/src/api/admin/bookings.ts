import { createHash } from 'node:crypto';
import { addDays, adminCourtRoutes, taipeiDate, taipeiDayStart } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { attendanceCounts, toAdminSession } from '#api/views/sessions.ts';
import type { BookingEngine } from '#bookings/engine.ts';
import type { SelfCheckInRepository } from '#bookings/self-check-in-repository.ts';
import { adminIdempotencyScope, guestUserId } from '#db/keys.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { AttendanceEffects } from '#rotation/attendance.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';

export interface CheckInRouteDeps {
  clock: Clock;
  ids: IdGenerator;
  scope: TeamScope;
  sessions: SessionRepository;
  engine: BookingEngine;
  /** The no-show rule and the rotation board follow every change of a mark (rotation/attendance.ts). */
  attendance: AttendanceEffects;
  /** The sessions' self check-in codes (docs/ON-COURT.md, "Self check-in"). */
  selfCheckIns: SelfCheckInRepository;
  /** The team's `teamNotices` rate bucket: moving a player up may tell them (app/limits.ts). */
  teamNotices: (teamId: string) => Promise<void>;
  http: ContractAppOptions;
}

/** Walk-ins are added from this long before a session's start until its end. */
const WALK_IN_LEAD_MS = 2 * 3_600_000;
const walkInOpen = (session: Pick<SessionRecord, 'startsAt' | 'endsAt'>, now: Date) =>
  now.getTime() >= Date.parse(session.startsAt) - WALK_IN_LEAD_MS && now.getTime() <= Date.parse(session.endsAt);

const hasStarted = (session: Pick<SessionRecord, 'startsAt'>, now: Date) =>
  now.getTime() >= Date.parse(session.startsAt);

export function checkInRoutes(s: CheckInRouteDeps) {
  return contractRoutes(
    adminCourtRoutes,
    {
      /**
       * Idempotent: marking the same value again changes nothing; the first check-in time is kept.
       * `null` takes a mark back, with what it set off (docs/ON-COURT.md, "At the door").
       */
      'signed/signed': async ({ sessionId, userId, attendance, confirm }, { refs }) => {
        const session = refs.sessionId;
        if (refs.userId.status !== 'accepted') throw new DomainError('BOOKING_NOT_FOUND');
        const before = refs.userId.attendance ?? null;
        if (attendance === 'absent' && before !== 'absent' && !confirm && !hasStarted(session, s.clock.now()))
          throw new DomainError('ABSENT_BEFORE_START');
        await s.engine.checkIn(sessionId, userId, attendance);
        await s.attendance.changed(session, userId, before, attendance);
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
      'signed/addWalkIn': async ({ sessionId, name, raiseCapacity }, { admin, idempotencyKey, refs }) => {
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
          raiseCapacity,
        });
        await s.attendance.changed(refs.sessionId, outcome.userId, null, 'attended');
        return {
          ...outcome,
          name: player.name,
          attendance: 'attended' as const,
          capacityRaised: outcome.capacityRaised ?? false,
        };
      },

      /** A waiting player moved up from the check-in list (docs/ON-COURT.md, "At the door"). */
      'signed/promote': async ({ sessionId, userId, checkIn }, { admin, idempotencyKey, refs }) => {
        const session = refs.sessionId;
        // Without check-in the player is told of their place: a notice, counted like a capacity change.
        if (!checkIn) await s.teamNotices(session.teamId);
        const outcome = await s.engine.promote({
          sessionId,
          userId,
          checkIn,
          promotedBy: admin.adminId,
          idempotencyScope: adminIdempotencyScope(admin.adminId),
          idempotencyKey,
          read: { session, booking: refs.userId },
        });
        if (checkIn) await s.attendance.changed(session, userId, null, 'attended');
        const after = await s.sessions.require(sessionId, { consistent: true });
        return { ...outcome, session: toAdminSession(after, s.clock.now()) };
      },

      /** The QR's code at the venue; made on first use (docs/ON-COURT.md, "Self check-in"). */
      'signed/getSelfCheckIn': async (_, { refs }) => s.selfCheckIns.current(refs.sessionId),
      'signed/rotateSelfCheckIn': async (_, { refs }) => s.selfCheckIns.rotate(refs.sessionId),
    },
    s.http,
  );
}
