import type { AdminRoutes } from '@shuttle/shared';
import type { CallInput, CallShape } from '@shuttle/shared/web/api-transport.ts';
import { apiCall } from './api-client';

/**
 * The calls the signed-in frame and the first screens (the board, check-in's day list) make at
 * start, with how each goes out: they are sent without waiting for the contracts (zod and the
 * route table, a 42 KB chunk whose schemas take a long task to build on a phone), their answers
 * read by the envelope's shape and checked once the contracts have come (`beforeContracts`,
 * lib/api-client.ts; docs/PLAYER-EXPERIENCE.md, "Speed", for admins). first-calls.test.ts
 * compares each shape with the contracts.
 */
export const FIRST_CALL_SHAPES = {
  'check-auth': { method: 'GET', auth: 'admin' },
  'setting/getTeamListByUser': { method: 'POST', auth: 'admin' },
  'get-default-data': { method: 'GET', auth: 'admin' },
  'board/getBoard': { method: 'POST', auth: 'admin' },
  'signed/getSignedList': { method: 'POST', auth: 'admin' },
} as const satisfies Partial<Record<keyof AdminRoutes, CallShape>>;

type FirstCall = keyof typeof FIRST_CALL_SHAPES;

/**
 * One of the first calls: before the contracts have come, its answer is read by the envelope's
 * shape and `onLateMismatch` runs when the contracts later find that it did not match (the
 * caller asks again, then checked); once they are in, it is `apiCall`.
 */
export function firstCall<P extends FirstCall>(
  path: P,
  input: CallInput<AdminRoutes[P]>,
  onLateMismatch: () => void,
): ReturnType<typeof apiCall<P>> {
  return apiCall.beforeContracts(path, input, FIRST_CALL_SHAPES[path], { onLateMismatch });
}
