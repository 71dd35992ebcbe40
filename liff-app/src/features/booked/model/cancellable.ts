import type { MyBooking, SessionSummary } from '@shuttle/shared';

type Booked = Pick<SessionSummary, 'status' | 'startingSoon'> & { myBooking?: MyBooking | null };

/**
 * Whether to offer 'cancel': never once the session is 'Starting Soon' or 'In Progress', never
 * after check-in, and only when the server also allows it.
 */
export function isCancellable(session: Booked): boolean {
  const booking = session.myBooking;
  if (!booking?.canCancel || booking.attendance !== null) return false;
  // A held offer has its own accept and decline (fair-signup.tsx).
  if (booking.status === 'offered') return false;
  // Leaving a waitlist or a lottery frees nobody's place: whenever the server allows it (docs/FAIR-SIGNUP.md).
  if (booking.status !== 'accepted') return true;
  if (session.startingSoon || session.status === 'inProgress' || session.status === 'ended') return false;
  return true;
}

export type BookedPhase = 'startingSoon' | 'inProgress' | 'checkedIn' | null;

export function bookedPhase(session: Booked): BookedPhase {
  if (session.myBooking?.attendance === 'attended') return 'checkedIn';
  if (session.status === 'inProgress') return 'inProgress';
  if (session.startingSoon) return 'startingSoon';
  return null;
}
