import { apiCall } from '@/lib/api-client';

/** Removes a venue from the list; sessions already published keep theirs. */
export const deleteVenue = (venueId: string) => apiCall('setting/deleteVenue', { venue_id: venueId });
