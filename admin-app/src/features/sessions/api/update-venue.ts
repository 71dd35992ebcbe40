import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type VenueChange = RequestOf<AdminRoutes['courtSession/updateVenue']>;

/** Venue, courts or time; every booked and waiting player gets a change notice. */
export const updateVenue = (change: VenueChange) => apiCall('courtSession/updateVenue', change);
