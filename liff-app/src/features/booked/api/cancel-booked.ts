import { apiCall } from '@/lib/api-client';

/** `POST checkState/booked/cancelBooked`: irreversible; frees the place for the waitlist head. */
export const cancelBooked = (sessionId: string, idempotencyKey: string) =>
  apiCall('checkState/booked/cancelBooked', { sessionId }, { idempotencyKey });
