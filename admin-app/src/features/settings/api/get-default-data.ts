import { invalidateQueries, useQuery } from '@shuttle/shared/web/query.ts';
import { firstCall } from '@/lib/first-calls';
import { settingsKeys } from './keys';

/** `GET get-default-data`: the current team's defaults and settings (read at start: a first call). */
export const getDefaultData = () =>
  firstCall('get-default-data', {}, () => void invalidateQueries(settingsKeys.defaultData));

export const useDefaultData = () => useQuery(settingsKeys.defaultData, getDefaultData);
