import type { Attendance } from '@shuttle/shared';
import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { apiCall } from '@/lib/api-client';

/** Marks an accepted player attended or absent; marking the same value again changes nothing. */
export const sign = (sessionId: string, userId: string, attendance: Attendance) =>
  apiCall('signed/signed', { sessionId, userId, attendance }, { idempotencyKey: newIdempotencyKey() });
