import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { historyKeys } from './keys';

/** `GET checkState/history/getHistory`: past sessions with attendance, and the statistics. */
const getHistory = () => apiCall('checkState/history/getHistory');

export const useHistory = (enabled: boolean) => useQuery(enabled ? historyKeys.all : null, getHistory);
