import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

export const DEFAULT_DATA_KEY = 'settings:default';

/** SPEC §7 `GET get-default-data`: the current team's defaults and settings. */
export const getDefaultData = () => apiCall('get-default-data');

export const useDefaultData = () => useQuery(DEFAULT_DATA_KEY, getDefaultData);
