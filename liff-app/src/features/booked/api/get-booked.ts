import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** `GET checkState/booked/getBooked`: upcoming places and waitlist spots of the caller. */
export const getBooked = () => apiCall('checkState/booked/getBooked');

export const useBooked = (enabled: boolean) => useQuery(enabled ? 'booked:list' : null, getBooked);
