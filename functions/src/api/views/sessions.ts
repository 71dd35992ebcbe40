import { type AdminParticipant, type AdminSession, paymentOf } from '@shuttle/shared';
import { effectiveStatus } from '#bookings/lottery.ts';
import { decodeEntry } from '#bookings/waitlist.ts';
import { type BookingRecord, type SessionRecord, toSummary } from '#sessions/model.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

export function toAdminSession(session: SessionRecord, now: Date): AdminSession {
  return {
    ...toSummary(session, now),
    notes: session.notes,
    lineLink: session.lineLink,
    cancelWindowMinutes: session.cancelWindowMinutes,
    fillRate: session.capacity > 0 ? Math.min(100, round1((session.acceptedCount / session.capacity) * 100)) : 0,
  };
}

/** With `price`, an accepted booking carries its payment (docs/MONEY.md). */
export function toParticipant(booking: BookingRecord, position: number | null, price?: number): AdminParticipant {
  return {
    userId: booking.userId,
    name: booking.userName,
    pictureUrl: booking.pictureUrl,
    partySize: booking.partySize,
    status: booking.status,
    position,
    attendance: booking.attendance ?? null,
    bookedAt: booking.bookedAt,
    acceptedAt: booking.acceptedAt ?? null,
    cancelledAt: booking.status === 'cancelled' ? (booking.cancelledAt ?? null) : null,
    walkIn: booking.walkIn ?? false,
    ...(price !== undefined && booking.status === 'accepted' ? { payment: paymentOf(price, booking) } : {}),
  };
}

/** Waitlist positions come from the session's list order: 1..n, no gaps. */
export function waitlistPositions(session: SessionRecord): Map<string, number> {
  return new Map(session.waitlist.map((entry, i) => [decodeEntry(entry).userId, i + 1]));
}

/**
 * Accepted players in the order they got their place, then the waitlist in order, and (fair
 * sign-up, docs/FAIR-SIGNUP.md) lottery entries in arrival order and open offers with their
 * expiry. A drawn lottery's rows not settled yet are listed as the session item decides.
 */
export function participants(session: SessionRecord, bookings: BookingRecord[]) {
  const positions = waitlistPositions(session);
  const byUser = new Map(bookings.map((b) => [b.userId, b]));
  const accepted = bookings
    .filter((b) => effectiveStatus(session, b) === 'accepted')
    .sort((a, b) => (a.acceptedAt ?? a.bookedAt).localeCompare(b.acceptedAt ?? b.bookedAt))
    .map((b) => ({ ...toParticipant(b, null, session.price), status: 'accepted' as const }));
  /** The bookings of a list on the session item, in its order, whose status is `status`. */
  const listed = (list: readonly string[] | undefined, status: BookingRecord['status']) =>
    (list ?? []).flatMap((entry) => {
      const booking = byUser.get(decodeEntry(entry).userId);
      return booking && effectiveStatus(session, booking) === status ? [booking] : [];
    });
  const waiting = listed(session.waitlist, 'waiting').map((b) => ({
    ...toParticipant(b, positions.get(b.userId) ?? null),
    status: 'waiting' as const,
  }));
  return {
    capacity: session.capacity,
    acceptedCount: session.acceptedCount,
    waitingCount: session.waitingCount,
    accepted,
    waiting,
    entered: listed(session.lotteryEntries, 'entered').map((b) => toParticipant(b, null)),
    offered: listed(session.offers, 'offered').map((b) => ({
      ...toParticipant(b, null),
      offerExpiresAt: b.offerExpiresAt ?? null,
    })),
  };
}

export function attendanceCounts(bookings: BookingRecord[]) {
  const accepted = bookings.filter((b) => b.status === 'accepted');
  const count = (value: 'attended' | 'absent') =>
    accepted.filter((b) => b.attendance === value).reduce((sum, b) => sum + b.partySize, 0);
  const attended = count('attended');
  const absent = count('absent');
  const seats = accepted.reduce((sum, b) => sum + b.partySize, 0);
  return { attended, absent, unmarked: seats - attended - absent };
}
