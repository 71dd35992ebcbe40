import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Accepted players with their attendance, for check-in. */
export const getSignedMembers = (sessionId: string) => apiCall('courtSession/signedMembers', { sessionId });

export const useSignedMembers = (sessionId: string | null) =>
  useQuery(sessionId ? `session:${sessionId}:signed` : null, () => getSignedMembers(sessionId!));
