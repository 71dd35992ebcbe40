import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { bookedKeys } from './keys';

/** `GET checkState/booked/getBooked`: upcoming places and waitlist spots of the caller. */
const getBooked = () => apiCall('checkState/booked/getBooked');

export const useBooked = (enabled: boolean) => useQuery(enabled ? bookedKeys.list : null, getBooked);
