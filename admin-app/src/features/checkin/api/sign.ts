import type { Attendance } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';

/** Marks an accepted player attended or absent; marking the same value again changes nothing. */
export const sign = (sessionId: string, userId: string, attendance: Attendance) =>
  apiCall('signed/signed', { sessionId, userId, attendance }, { idempotencyKey: newIdempotencyKey() });
