import { type AttendanceRecord, computeHistoryStatistics, memberCoreRoutes, sessionStatusAt } from '@shuttle/shared';
import { myBookingOf } from '#api/views/bookings.ts';
import type { BookingEngine } from '#bookings/engine.ts';
import { type SelfCheckInRepository, selfCheckInOpen, selfCheckInWindow } from '#bookings/self-check-in-repository.ts';
import type { ServiceHandover } from '#notifications/service-handover.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { AttendanceEffects } from '#rotation/attendance.ts';
import type { RotationService } from '#rotation/service.ts';
import { toSummary } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';

export interface BookingRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  engine: BookingEngine;
  /** Games played per ended session that had a rotation board (docs/ON-COURT.md, "Tonight's record"). */
  rotation: RotationService;
  /** Self check-in: the sessions' codes, and what a check-in sets off (rotation/attendance.ts). */
  selfCheckIns: Pick<SelfCheckInRepository, 'matches'>;
  attendance: Pick<AttendanceEffects, 'changed'>;
  /** LINE MINI App mode: a `liffAccessToken` on the booking call is handed over once the booking stands. */
  serviceHandover: ServiceHandover;
  http: ContractAppOptions;
}

/** How far back the history reads; statistics cover everything inside it. */
const HISTORY_DAYS = 366;
/** Sessions that end after now but started up to this long ago still count as booked. */
const LONGEST_SESSION_MS = 24 * 3600 * 1000;

export function bookingRoutes(s: BookingRouteDeps) {
  const upcoming = async (userId: string) => {
    const now = s.clock.now();
    const from = new Date(now.getTime() - LONGEST_SESSION_MS).toISOString();
    const bookings = (await s.sessions.bookingsOfUser(userId, from, '9999')).filter((b) => b.status !== 'cancelled');
    const sessions = await s.sessions.getMany(bookings.map((b) => b.sessionId));
    return bookings.flatMap((booking) => {
      const session = sessions.get(booking.sessionId);
      if (!session || sessionStatusAt(session, now) === 'ended') return [];
      const myBooking = myBookingOf(session, booking, now);
      return myBooking ? [{ ...toSummary(session, now), myBooking }] : [];
    });
  };

  const history = async (userId: string, withGames = false) => {
    const now = s.clock.now();
    const from = new Date(now.getTime() - HISTORY_DAYS * 86_400_000).toISOString();
    // To the end of time: a booking cancelled ahead of its session belongs in the history at
    // once (issue 22). Still the one Query of the player's bookings (TABLE.md, "history").
    const rows = await s.sessions.bookingsOfUser(userId, from, '9999');
    const bookings = rows.filter((b) => b.status === 'accepted');
    const cancelled = rows.filter((b) => b.status === 'cancelled');
    const sessions = await s.sessions.getMany([...bookings, ...cancelled].map((b) => b.sessionId));
    const ended = bookings.flatMap((booking) => {
      const session = sessions.get(booking.sessionId);
      return session && sessionStatusAt(session, now) === 'ended' ? [{ booking, session }] : [];
    });
    // Only checked-in players join a board: read the boards of the ended sessions attended
    // (TABLE.md, "Rotation": one BatchGetItem per 100 such sessions).
    const games = withGames
      ? await s.rotation.repo.gamesPlayedOf(
          ended.filter(({ booking }) => booking.attendance === 'attended').map(({ session }) => session.id),
          userId,
        )
      : new Map<string, number>();
    const records: AttendanceRecord[] = ended.map(({ booking, session }) => ({
      teamId: session.teamId,
      teamName: session.teamName,
      startsAt: session.startsAt,
      price: session.price,
      partySize: booking.partySize,
      attendance: booking.attendance ?? null,
    }));
    const cancelledItems = cancelled.flatMap((booking) => {
      const session = sessions.get(booking.sessionId);
      if (!session) return [];
      return [
        {
          ...toSummary(session, now),
          attendance: null,
          partySize: booking.partySize,
          cancelledAt: booking.cancelledAt ?? booking.bookedAt,
          ...(booking.paymentReport ? { transferReported: booking.paymentReport } : {}),
        },
      ];
    });
    return {
      items: [
        ...ended.map(({ booking, session }) => ({
          ...toSummary(session, now),
          attendance: booking.attendance ?? null,
          partySize: booking.partySize,
          ...(games.has(session.id) ? { gamesPlayed: games.get(session.id) } : {}),
        })),
        ...cancelledItems,
      ].sort((a, b) => b.startsAt.localeCompare(a.startsAt)),
      statistics: computeHistoryStatistics(records, now),
    };
  };

  return contractRoutes(
    memberCoreRoutes,
    {
      // The name and picture come from the member token, so a reservation stays within three calls.
      // The engine decides on the reference's read (docs/ARCHITECTURE.md, "References").
      'checkState/sessionList/joinSession': async ({ sessionId, partySize, liffAccessToken }, c) => {
        const { member, idempotencyKey, refs } = c;
        const result = await s.engine.join({
          sessionId,
          partySize,
          idempotencyKey,
          player: { userId: member.userId, name: member.name, pictureUrl: member.pictureUrl },
          read: refs.sessionId,
        });
        if (liffAccessToken) {
          const booking = { status: result.status };
          await s.serviceHandover.handOverWithBooking({
            userId: member.userId,
            session: refs.sessionId,
            booking,
            liffAccessToken,
          });
        }
        return result;
      },
      'checkState/booked/cancelBooked': ({ sessionId }, { member, idempotencyKey, refs }) =>
        s.engine.cancel({ sessionId, userId: member.userId, idempotencyKey, read: refs.sessionId }),
      'checkState/booked/acceptOffer': ({ sessionId }, { member, refs }) =>
        s.engine.acceptOffer(sessionId, member.userId, refs.sessionId),
      'checkState/booked/declineOffer': ({ sessionId }, { member, refs }) =>
        s.engine.declineOffer(sessionId, member.userId, refs.sessionId),
      /**
       * Self check-in by the QR at the venue (docs/ON-COURT.md, "Self check-in"): the code first
       * (a wrong one tells nothing about the session), then a place, then the time; a second scan
       * answers the first check-in.
       */
      'checkState/booked/selfCheckIn': async ({ sessionId, code }, { member, refs }) => {
        const { session, booking } = refs.sessionId;
        if (!(await s.selfCheckIns.matches(sessionId, code))) throw new DomainError('SELF_CHECK_IN_CODE_INVALID');
        if (booking?.status !== 'accepted') throw new DomainError('SELF_CHECK_IN_NO_PLACE');
        if (booking.attendance === 'attended' && booking.checkedInAt)
          return {
            sessionId,
            attendance: 'attended' as const,
            checkedInAt: booking.checkedInAt,
            alreadyCheckedIn: true,
          };
        if (!selfCheckInOpen(session, s.clock.now())) {
          const closed = new DomainError('SELF_CHECK_IN_CLOSED');
          closed.data = selfCheckInWindow(session);
          throw closed;
        }
        await s.engine.checkIn(sessionId, member.userId, 'attended');
        await s.attendance.changed(session, member.userId, booking.attendance ?? null, 'attended');
        const after = await s.sessions.booking(sessionId, member.userId);
        const checkedInAt = after?.checkedInAt ?? s.clock.now().toISOString();
        return { sessionId, attendance: 'attended' as const, checkedInAt, alreadyCheckedIn: false };
      },
      'checkState/booked/getBooked': (_, { member }) => upcoming(member.userId),
      'checkState/history/getHistory': (_, { member }) => history(member.userId, true),
      'checkState/setting/getAmountOfAttend': async (_, { member }) => {
        const { statistics } = await history(member.userId);
        return { attended: statistics.attended, total: statistics.totalSessions };
      },
    },
    s.http,
  );
}
