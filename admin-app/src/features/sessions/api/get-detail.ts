import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { sessionKeys } from './keys';

const getDetail = (sessionId: string) => apiCall('courtSession/getDetail', { sessionId });

export const useSessionDetail = (sessionId: string | null) =>
  useQuery(sessionId ? sessionKeys.detail(sessionId) : null, () => getDetail(sessionId!));
