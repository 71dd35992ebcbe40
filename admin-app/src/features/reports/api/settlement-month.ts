import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { reportKeys } from './keys';

/** Closed settlements of a Taipei month: costs, income and balance (docs/ON-COURT.md, "Settlement"). */
const getSettlementMonth = (month: string) => apiCall('settlement/month', { month });

export const useSettlementMonth = (month: string) =>
  useQuery(`${reportKeys.bySession(month)}:settlements`, () => getSettlementMonth(month));
