import { apiCall } from '@/lib/api-client';

/** Opens sign-up again, or closes it ('Booking Closed'); existing bookings stay. */
export const switchOpening = (sessionId: string, open: boolean) =>
  apiCall('courtSession/switchOpening', { sessionId, open });
