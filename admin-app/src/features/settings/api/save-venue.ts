import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type VenueInput = RequestOf<AdminRoutes['setting/saveVenue']>;

/** Adds a venue, or changes the one named by `venue_id`. */
export const saveVenue = (venue: VenueInput) => apiCall('setting/saveVenue', venue);
