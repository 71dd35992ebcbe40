import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { apiCall } from '@/lib/api-client';

/** Moves a waiting player up at the door (a free place, else the capacity grows by their party); `checkIn` marks them attended too. */
export const promote = (sessionId: string, userId: string, checkIn: boolean) =>
  apiCall('signed/promote', { sessionId, userId, checkIn }, { idempotencyKey: newIdempotencyKey() });
