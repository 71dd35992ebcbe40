import { apiCall } from '@/lib/api-client';

/** The session's self check-in code (made on first use) and its window, for the QR shown at the venue. */
export const getSelfCheckIn = (sessionId: string) => apiCall('signed/getSelfCheckIn', { sessionId });
/** A new self check-in code: the QR shown before stops working at once. */
export const rotateSelfCheckIn = (sessionId: string) => apiCall('signed/rotateSelfCheckIn', { sessionId });
