import { apiCall } from '@/lib/api-client';

/** Only before the start; booked and waiting players get a notice. */
export const deleteSession = (sessionId: string) => apiCall('courtSession/delete', { sessionId });
