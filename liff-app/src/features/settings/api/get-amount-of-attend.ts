import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** `GET checkState/setting/getAmountOfAttend`: sessions attended, for the profile card. */
export const getAmountOfAttend = () => apiCall('checkState/setting/getAmountOfAttend');

export const useAmountOfAttend = (enabled: boolean) => useQuery(enabled ? 'settings:attend' : null, getAmountOfAttend);
