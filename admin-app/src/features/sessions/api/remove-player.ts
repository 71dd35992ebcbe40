import { apiCall } from '@/lib/api-client';

/** Takes a booked or waiting player out; a freed place goes to the waitlist head. */
export const removePlayer = (sessionId: string, userId: string) =>
  apiCall('courtSession/removePlayer', { sessionId, userId });
