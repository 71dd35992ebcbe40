import { apiCall } from '@/lib/api-client';

/**
 * `POST checkState/booked/selfCheckIn`: check in by the QR shown at the venue (docs/ON-COURT.md,
 * "Self check-in"); a second scan answers the same with `alreadyCheckedIn`.
 */
export const selfCheckIn = (sessionId: string, code: string) =>
  apiCall('checkState/booked/selfCheckIn', { sessionId, code });
