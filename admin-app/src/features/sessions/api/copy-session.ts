import { apiCall } from '@/lib/api-client';

/**
 * A copy of the session at `startsAt`, with the same settings. The key is made once per dialog,
 * so a retry after a lost answer returns the copy already made instead of making a second one.
 */
export const copySession = (sessionId: string, startsAt: string, idempotencyKey: string) =>
  apiCall('createSession/copySession', { sessionId, startsAt }, { idempotencyKey });
