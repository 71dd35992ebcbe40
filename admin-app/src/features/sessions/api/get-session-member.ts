import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** Accepted players and the waitlist in order. */
const getSessionMember = (sessionId: string) => apiCall('courtSession/getSessionMember', { sessionId });

export const useSessionMembers = (sessionId: string | null) =>
  useQuery(sessionId ? sessionKeys.members(sessionId) : null, () => getSessionMember(sessionId!));
