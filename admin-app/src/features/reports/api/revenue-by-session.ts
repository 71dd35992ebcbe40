import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { reportKeys } from './keys';

/** Revenue and attendance of each session of a Taipei month. */
const getRevenueBySession = (month: string) => apiCall('reports/revenueBySession', { month });

export const useRevenueBySession = (month: string) =>
  useQuery(reportKeys.bySession(month), () => getRevenueBySession(month));
