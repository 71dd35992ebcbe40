import type { Attendance } from '@shuttle/shared';
import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { apiCall } from '@/lib/api-client';

/**
 * Marks an accepted player attended or absent, or unmarks them (`null`: back to 未點名, undoing
 * what the mark caused); marking the same value again changes nothing. Absent before the start
 * needs `confirm` (docs/ON-COURT.md, "At the door").
 */
export const sign = (sessionId: string, userId: string, attendance: Attendance | null, confirm = false) =>
  apiCall(
    'signed/signed',
    { sessionId, userId, attendance, ...(confirm ? { confirm: true } : {}) },
    { idempotencyKey: newIdempotencyKey() },
  );
