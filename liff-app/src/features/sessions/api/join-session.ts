import type { JoinSessionResult } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/**
 * `POST checkState/sessionList/joinSession`: a place, or the waitlist when full. The caller
 * keeps `idempotencyKey` for the whole attempt so a retry never books twice.
 */
export function joinSession(sessionId: string, idempotencyKey: string, partySize = 1): Promise<JoinSessionResult> {
  return apiCall('checkState/sessionList/joinSession', { sessionId, partySize }, { idempotencyKey });
}
