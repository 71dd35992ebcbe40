import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { apiCall } from '@/lib/api-client';

/** A known player (`userId`) or a guest without an account (`name`), accepted and attended at once. */
export const addWalkIn = (sessionId: string, player: { userId: string } | { name: string }) =>
  apiCall('signed/addWalkIn', { sessionId, ...player }, { idempotencyKey: newIdempotencyKey() });
