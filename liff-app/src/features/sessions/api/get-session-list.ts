import type { SessionListPage, SessionListQueryInput } from '@shuttle/shared';
import type { CallShape } from '@shuttle/shared/web/api-transport.ts';
import { apiCall } from '@/lib/api-client';

/**
 * How the two session list calls go out, named here so the first screen's list need not wait for
 * the contracts (lib/api-client.ts, `beforeContracts`); checked against the contracts when they
 * come, and by get-session-list.test.ts.
 */
export const SESSION_LIST_SHAPES = {
  'withoutAuth/getSessionList': { method: 'POST', auth: 'none' },
  'checkState/sessionList/getSessionList': { method: 'POST', auth: 'member' },
} as const satisfies Record<string, CallShape>;

/**
 * `POST withoutAuth/getSessionList` for visitors, `checkState/sessionList/getSessionList` with the
 * caller's bookings. `onLateMismatch` runs when the answer, checked once the contracts came, did
 * not match them.
 */
export function getSessionList(
  query: SessionListQueryInput,
  loggedIn: boolean,
  onLateMismatch?: () => void,
): Promise<SessionListPage> {
  const path = loggedIn ? 'checkState/sessionList/getSessionList' : 'withoutAuth/getSessionList';
  return apiCall.beforeContracts(path, query, SESSION_LIST_SHAPES[path], { onLateMismatch });
}
