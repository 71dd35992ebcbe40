import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The team's venues and their courts. */
const getCourts = () => apiCall('setting/getCourts', {});

export const useVenues = () => useQuery(settingsKeys.venues, getCourts);
