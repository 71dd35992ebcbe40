import {
  FAIR_SIGNUP_LIMITS,
  isStartingSoon,
  offerExpiry,
  quietHoursOf,
  sessionStatusAt,
  wakingFrom,
} from '@shuttle/shared';
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
 * Until when a place freed now is offered to the waitlist head (docs/FAIR-SIGNUP.md, "Quiet hours
 * and shorter holds"): the session's `waitlistOfferMinutes`, shortened as the start nears, counted
 * in waking time outside the session's quiet hours, never past `offerCutoffMinutes` before the
 * start (`offerExpiry`). Null when offers are off or no waking time is left before the cutoff:
 * then the place is given at once, as without offers.
 */
export function offerExpiryOf(session: SessionRecord, now: Date): string | null {
  return offerExpiry({
    now,
    startsAt: session.startsAt,
    teamMinutes: session.waitlistOfferMinutes ?? 0,
    quietHours: quietHoursOf(session.quietHours),
    cutoffMinutes: FAIR_SIGNUP_LIMITS.offerCutoffMinutes,
  });
}

/** When an offer made now is told to the player: now, or (made in quiet hours) when they end. */
export function offerNoticeAt(session: SessionRecord, now: Date): Date {
  return new Date(wakingFrom(now.getTime(), quietHoursOf(session.quietHours)));
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
