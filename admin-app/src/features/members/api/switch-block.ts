import { apiCall } from '@/lib/api-client';

/** Blocking also cancels the player's bookings of the team's future sessions. */
export const switchBlock = (userId: string, blocked: boolean) => apiCall('members/switchBlock', { userId, blocked });
