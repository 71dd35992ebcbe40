import type { SessionListPage, SessionListQueryInput } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/** `POST withoutAuth/getSessionList` for visitors, `checkState/sessionList/getSessionList` with the caller's bookings. */
export function getSessionList(query: SessionListQueryInput, loggedIn: boolean): Promise<SessionListPage> {
  return loggedIn
    ? apiCall('checkState/sessionList/getSessionList', query)
    : apiCall('withoutAuth/getSessionList', query);
}
