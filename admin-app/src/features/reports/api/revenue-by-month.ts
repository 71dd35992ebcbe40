import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { reportKeys } from './keys';

/** Revenue (attended players × price) and attendance per Taipei month, at most 12 months. */
const getRevenueByMonth = (from: string, to: string) => apiCall('reports/revenueByMonth', { from, to });

export const useRevenueByMonth = (from: string, to: string) =>
  useQuery(reportKeys.byMonth(from, to), () => getRevenueByMonth(from, to));
