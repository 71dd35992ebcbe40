import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { apiCall } from '@/lib/api-client';

/**
 * A known player (`userId`) or a guest without an account (`name`), accepted and attended at
 * once; with `raiseCapacity`, a full session takes one more player (+1 名額並加入).
 */
export const addWalkIn = (sessionId: string, player: { userId: string } | { name: string }, raiseCapacity = false) =>
  apiCall(
    'signed/addWalkIn',
    { sessionId, ...player, ...(raiseCapacity ? { raiseCapacity: true } : {}) },
    { idempotencyKey: newIdempotencyKey() },
  );
