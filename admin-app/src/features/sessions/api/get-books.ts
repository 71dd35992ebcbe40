import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** Every booking of the session, cancelled ones included, in booking order. */
const getBooks = (sessionId: string) => apiCall('courtSession/getBooks', { sessionId });

export const useSessionBooks = (sessionId: string | null) =>
  useQuery(sessionId ? sessionKeys.books(sessionId) : null, () => getBooks(sessionId!));
