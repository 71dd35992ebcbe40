import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Accepted players and the waitlist in order. */
export const getSessionMember = (sessionId: string) => apiCall('courtSession/getSessionMember', { sessionId });

export const useSessionMembers = (sessionId: string | null) =>
  useQuery(sessionId ? `session:${sessionId}:members` : null, () => getSessionMember(sessionId!));
