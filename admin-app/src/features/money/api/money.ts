import type { NoShowRule, PaymentMethod } from '@shuttle/shared';
import { downloadFile } from '@shuttle/shared/web/download.ts';
import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { PASSES_KEY } from '@/lib/payments';

/** Query-cache keys of money and attendance (docs/MONEY.md). */
export const moneyKeys = {
  all: 'money',
  outstanding: 'money:outstanding',
  passes: PASSES_KEY,
  rule: 'money:noShowRule',
  suspensions: 'money:suspensions',
} as const;

export const useOutstanding = () => useQuery(moneyKeys.outstanding, () => apiCall('payments/getOutstanding', {}));
export const useNoShowRule = () => useQuery(moneyKeys.rule, () => apiCall('noShow/getRule', {}));
export const useSuspensions = () => useQuery(moneyKeys.suspensions, () => apiCall('noShow/suspensions', {}));

export const sellPass = (sale: {
  userId: string;
  name: string;
  credits: number | null;
  validFrom: string;
  validUntil: string;
  price: number;
  method: PaymentMethod;
}) => apiCall('passes/sell', sale, { idempotencyKey: newIdempotencyKey() });
export const updateNoShowRule = (rule: NoShowRule) => apiCall('noShow/updateRule', rule);
export const liftSuspension = (userId: string) => apiCall('noShow/liftSuspension', { userId });

/** Downloads a month's CSV (UTF-8 with a BOM) as a file; the envelope's message on failure. */
export async function downloadCsv(month: string, kind: 'revenue' | 'attendance' | 'members'): Promise<void> {
  downloadFile(await apiCall.file('reports/exportCsv', { month, kind }), `${kind}-${month}.csv`);
}

/** Settles a refund due (docs/MONEY.md, "Refunds and credit"): given back, or kept as the player's credit. */
export const settleRefund = (sessionId: string, userId: string, as: 'refunded' | 'credit') =>
  apiCall('payments/settleRefund', { sessionId, userId, as });
