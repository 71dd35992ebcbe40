import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

export const VENUES_KEY = 'settings:venues';

/** The team's venues and their courts. */
export const getCourts = () => apiCall('setting/getCourts', {});

export const useVenues = () => useQuery(VENUES_KEY, getCourts);
