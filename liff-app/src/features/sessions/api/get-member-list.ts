import type { MemberList } from '@shuttle/shared';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { sessionKeys } from './keys';

function getMemberList(sessionId: string, loggedIn: boolean): Promise<MemberList> {
  return loggedIn
    ? apiCall('checkState/sessionList/getMemberList', { sessionId })
    : apiCall('withoutAuth/getMemberList', { sessionId });
}

export function useMemberList(sessionId: string | null, loggedIn: boolean) {
  return useQuery(sessionId ? sessionKeys.players(sessionId, loggedIn) : null, () =>
    getMemberList(sessionId!, loggedIn),
  );
}
