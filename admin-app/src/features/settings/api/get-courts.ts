import { apiCall } from '@/lib/api-client';
import { useQuery } from '@/lib/query';

export const VENUES_KEY = 'settings:venues';

/** The team's venues and their courts. */
export const getCourts = () => apiCall('setting/getCourts', {});

export const useVenues = () => useQuery(VENUES_KEY, getCourts);
