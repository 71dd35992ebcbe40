import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { checkinKeys } from './keys';

/** Accepted players with their attendance, for check-in. */
const getSignedMembers = (sessionId: string) => apiCall('courtSession/signedMembers', { sessionId });

export const useSignedMembers = (sessionId: string | null) =>
  useQuery(sessionId ? checkinKeys.players(sessionId) : null, () => getSignedMembers(sessionId!));
