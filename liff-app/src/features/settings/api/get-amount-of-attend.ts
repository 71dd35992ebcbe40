import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** `GET checkState/setting/getAmountOfAttend`: sessions attended, for the profile card. */
const getAmountOfAttend = () => apiCall('checkState/setting/getAmountOfAttend');

export const useAmountOfAttend = (enabled: boolean) =>
  useQuery(enabled ? settingsKeys.attendance : null, getAmountOfAttend);
