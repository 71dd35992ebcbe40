import { apiCall } from '@/lib/api-client';
import { useQuery } from '@/lib/query';

/** Accepted players and the waitlist in order. */
export const getSessionMember = (sessionId: string) => apiCall('courtSession/getSessionMember', { sessionId });

export const useSessionMembers = (sessionId: string | null) =>
  useQuery(sessionId ? `session:${sessionId}:members` : null, () => getSessionMember(sessionId!));
