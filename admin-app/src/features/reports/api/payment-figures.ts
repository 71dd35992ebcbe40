import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { reportKeys } from './keys';

/** Money of a Taipei month from payments: paid, outstanding, waived, pass sales (docs/MONEY.md). */
const getPaymentFigures = (month: string) => apiCall('reports/payments', { month });

export const usePaymentFigures = (month: string) =>
  useQuery(`${reportKeys.bySession(month)}:payments`, () => getPaymentFigures(month));
