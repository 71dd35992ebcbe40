import type { CreateSessionRequest } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/**
 * Publishes one session or many, all or none. The key is made once per form submission, so a
 * retry after a lost answer returns the sessions already made instead of making them twice.
 */
export const createSession = (request: CreateSessionRequest, idempotencyKey: string) =>
  apiCall('createSession/createSession', request, { idempotencyKey });
