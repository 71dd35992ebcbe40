import type { SessionDetail } from '@shuttle/shared';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { sessionKeys } from './keys';

function getSessionDetail(sessionId: string, loggedIn: boolean): Promise<SessionDetail> {
  return loggedIn
    ? apiCall('checkState/sessionList/getDetail', { sessionId })
    : apiCall('withoutAuth/getDetail', { sessionId });
}

export function useSessionDetail(sessionId: string | null, loggedIn: boolean) {
  return useQuery(sessionId ? sessionKeys.detail(sessionId, loggedIn) : null, () =>
    getSessionDetail(sessionId!, loggedIn),
  );
}
