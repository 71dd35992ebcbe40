import type { MyBooking } from '@shuttle/shared';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { canCancel } from './rules.ts';
import { decodeEntry, waitlistIndex } from './waitlist.ts';

/** The caller's booking as the apps show it, or null when they hold none. */
export function myBookingOf(
  session: SessionRecord,
  booking: BookingRecord | null | undefined,
  now: Date,
): MyBooking | null {
  if (!booking || booking.status === 'cancelled') return null;
  const at = booking.status === 'waiting' ? waitlistIndex(session.waitlist, booking.userId) : -1;
  return {
    status: booking.status,
    position: booking.status === 'waiting' && at >= 0 ? at + 1 : null,
    partySize: booking.partySize,
    canCancel: canCancel(session, booking, now),
    attendance: booking.attendance ?? null,
    bookedAt: booking.bookedAt,
  };
}

/**
 * Who holds a place and who waits, as players see it: accepted players in the order they got
 * their place, waiting players in waitlist order with their position.
 */
export function participantsOf(session: SessionRecord, bookings: readonly BookingRecord[], viewerId: string | null) {
  const byUser = new Map(bookings.map((b) => [b.userId, b]));
  const accepted = bookings
    .filter((b) => b.status === 'accepted')
    .sort((a, b) => (a.acceptedAt ?? a.bookedAt).localeCompare(b.acceptedAt ?? b.bookedAt));
  const view = (b: BookingRecord, position: number | null) => ({
    name: b.userName,
    pictureUrl: b.pictureUrl,
    partySize: b.partySize,
    position,
    attendance: b.attendance ?? null,
    isMe: viewerId === b.userId,
  });
  const waiting = session.waitlist.flatMap((entry, i) => {
    const booking = byUser.get(decodeEntry(entry).userId);
    return booking && booking.status === 'waiting' ? [view(booking, i + 1)] : [];
  });
  return {
    accepted: accepted.map((b) => view(b, null)),
    waiting,
    acceptedCount: session.acceptedCount,
    waitingCount: session.waitingCount,
  };
}
