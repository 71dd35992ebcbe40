import { apiCall } from '@/lib/api-client';
import { useQuery } from '@/lib/query';

/** `GET checkState/history/getHistory`: past sessions with attendance, and the statistics. */
export const getHistory = () => apiCall('checkState/history/getHistory');

export const useHistory = (enabled: boolean) => useQuery(enabled ? 'history:all' : null, getHistory);
