import { apiCall } from '@/lib/api-client';

/** Raising the capacity promotes the waitlist in order; going below the accepted count is refused. */
export const updateCapacity = (sessionId: string, capacity: number) =>
  apiCall('courtSession/updateCapacity', { sessionId, capacity });
