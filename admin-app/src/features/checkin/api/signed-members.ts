import { apiCall } from '@/lib/api-client';
import { useQuery } from '@/lib/query';

/** Accepted players with their attendance, for check-in. */
export const getSignedMembers = (sessionId: string) => apiCall('courtSession/signedMembers', { sessionId });

export const useSignedMembers = (sessionId: string | null) =>
  useQuery(sessionId ? `session:${sessionId}:signed` : null, () => getSignedMembers(sessionId!));
