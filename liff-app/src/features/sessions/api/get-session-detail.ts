import type { SessionDetail } from '@shuttle/shared';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

export function getSessionDetail(sessionId: string, loggedIn: boolean): Promise<SessionDetail> {
  return loggedIn
    ? apiCall('checkState/sessionList/getDetail', { sessionId })
    : apiCall('withoutAuth/getDetail', { sessionId });
}

export const sessionDetailKey = (sessionId: string, loggedIn: boolean) =>
  `sessions:detail:${loggedIn ? 'member' : 'visitor'}:${sessionId}`;

export function useSessionDetail(sessionId: string | null, loggedIn: boolean) {
  return useQuery(sessionId ? sessionDetailKey(sessionId, loggedIn) : null, () =>
    getSessionDetail(sessionId!, loggedIn),
  );
}
