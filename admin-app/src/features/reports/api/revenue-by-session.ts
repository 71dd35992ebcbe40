import { apiCall } from '@/lib/api-client';
import { useQuery } from '@/lib/query';

/** Revenue and attendance of each session of a Taipei month. */
export const getRevenueBySession = (month: string) => apiCall('reports/revenueBySession', { month });

export const useRevenueBySession = (month: string) =>
  useQuery(`reports:session:${month}`, () => getRevenueBySession(month));
