import { isStartingSoon, sessionStatusAt } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';

/**
 * Time and state rules of a booking (README, "Decisions") that can be decided from a read. Rules that depend on
 * data other requests may change at the same moment (seats, closing, blocking) are enforced
 * again as conditions inside the write transaction.
 */
export function assertCanJoin(session: SessionRecord, now: Date): void {
  const status = sessionStatusAt(session, now);
  if (status === 'notYetOpen') throw new DomainError('SIGNUP_NOT_OPEN');
  if (status === 'inProgress' || status === 'ended') throw new DomainError('SESSION_STARTED');
  if (session.bookingClosed) throw new DomainError('BOOKING_CLOSED');
}

/**
 * Accepted bookings cannot be cancelled once checked in, 'Starting Soon' or under way.
 * Leaving the waitlist frees nobody's seat, so it is allowed until the session starts.
 */
export function assertCanCancel(session: SessionRecord, booking: BookingRecord, now: Date): void {
  if (booking.attendance) throw new DomainError('ALREADY_CHECKED_IN');
  const status = sessionStatusAt(session, now);
  if (status === 'inProgress' || status === 'ended') throw new DomainError('CANCEL_WINDOW_PASSED');
  if (booking.status === 'accepted' && isStartingSoon(session, now, session.cancelWindowMinutes)) {
    throw new DomainError('CANCEL_WINDOW_PASSED');
  }
}

/** Whether the caller may still cancel, shown as the cancel button in the apps. */
export function canCancel(session: SessionRecord, booking: BookingRecord, now: Date): boolean {
  try {
    assertCanCancel(session, booking, now);
    return true;
  } catch {
    return false;
  }
}
