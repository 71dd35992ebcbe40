import { FAIR_SIGNUP_LIMITS, isStartingSoon, sessionStatusAt } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import { type BookingRecord, memberSignupOpensAt, type SessionRecord } from '#sessions/model.ts';

/**
 * Time and state rules of a booking (docs/DECISIONS.md) that can be decided from a read. Rules that depend on
 * data other requests may change at the same moment (seats, closing, blocking) are enforced
 * again as conditions inside the write transaction.
 */
export function assertCanJoin(session: SessionRecord, now: Date): void {
  const status = sessionStatusAt(session, now);
  // Inside the member priority window the join goes on, conditioned on a membership (engine.ts).
  const memberOpensAt = memberSignupOpensAt(session);
  const memberWindow = memberOpensAt !== null && now.getTime() >= Date.parse(memberOpensAt);
  if (status === 'notYetOpen' && !memberWindow) throw new DomainError('SIGNUP_NOT_OPEN');
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

/**
 * Until when a place freed now is offered to the waitlist head (docs/FAIR-SIGNUP.md): the
 * session's `waitlistOfferMinutes`, never past `offerCutoffMinutes` before the start. Null when
 * offers are off or the cutoff has passed: then the place is given at once, as without offers.
 */
export function offerExpiryOf(session: SessionRecord, now: Date): string | null {
  const minutes = session.waitlistOfferMinutes ?? 0;
  if (minutes <= 0) return null;
  const cutoff = Date.parse(session.startsAt) - FAIR_SIGNUP_LIMITS.offerCutoffMinutes * 60_000;
  const until = Math.min(now.getTime() + minutes * 60_000, cutoff);
  return until > now.getTime() ? new Date(until).toISOString() : null;
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
