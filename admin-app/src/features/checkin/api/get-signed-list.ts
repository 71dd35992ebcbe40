import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { checkinKeys } from './keys';

/** A Taipei day's sessions (today when no date) with attendance counts. */
const getSignedList = (date: string | null) => apiCall('signed/getSignedList', date ? { date } : {});

export const useSignedList = (date: string | null) => useQuery(checkinKeys.day(date), () => getSignedList(date));
