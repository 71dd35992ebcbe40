import { apiCall } from '@/lib/api-client';

/** `POST checkState/booked/acceptOffer`: takes the place held for the player (docs/FAIR-SIGNUP.md). */
export const acceptOffer = (sessionId: string) => apiCall('checkState/booked/acceptOffer', { sessionId });

/** `POST checkState/booked/declineOffer`: the place passes to the next in order. */
export const declineOffer = (sessionId: string) => apiCall('checkState/booked/declineOffer', { sessionId });
