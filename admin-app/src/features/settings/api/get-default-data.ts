import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** `GET get-default-data`: the current team's defaults and settings. */
export const getDefaultData = () => apiCall('get-default-data');

export const useDefaultData = () => useQuery(settingsKeys.defaultData, getDefaultData);
