import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Every booking of the session, cancelled ones included, in booking order. */
export const getBooks = (sessionId: string) => apiCall('courtSession/getBooks', { sessionId });

export const useSessionBooks = (sessionId: string | null) =>
  useQuery(sessionId ? `session:${sessionId}:books` : null, () => getBooks(sessionId!));
