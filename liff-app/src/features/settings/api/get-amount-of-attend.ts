import { apiCall } from '@/lib/api-client';
import { useQuery } from '@/lib/query';

/** `GET checkState/setting/getAmountOfAttend`: sessions attended, for the profile card. */
export const getAmountOfAttend = () => apiCall('checkState/setting/getAmountOfAttend');

export const useAmountOfAttend = (enabled: boolean) => useQuery(enabled ? 'settings:attend' : null, getAmountOfAttend);
