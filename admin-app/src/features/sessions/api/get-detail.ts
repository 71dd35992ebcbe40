import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

export const sessionKey = (sessionId: string) => `session:${sessionId}:detail`;

export const getDetail = (sessionId: string) => apiCall('courtSession/getDetail', { sessionId });

export const useSessionDetail = (sessionId: string | null) =>
  useQuery(sessionId ? sessionKey(sessionId) : null, () => getDetail(sessionId!));
