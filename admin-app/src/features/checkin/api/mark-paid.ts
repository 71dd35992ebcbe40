import type { PaymentMethod } from '@shuttle/shared';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Records a payment; a booking already paid keeps its first payment (docs/MONEY.md). */
export const markPaid = (
  sessionId: string,
  userId: string,
  method: PaymentMethod,
  amount: number,
  reference?: string,
) => apiCall('payments/markPaid', { sessionId, userId, method, amount, ...(reference ? { reference } : {}) });

export const markUnpaid = (sessionId: string, userId: string) => apiCall('payments/markUnpaid', { sessionId, userId });

/** The team's valid season passes, to offer "use pass" on a player's row. */
export const useTeamPasses = () => useQuery(PASSES_KEY, () => apiCall('passes/list', {}));
export const PASSES_KEY = 'signlist:passes';

/** Settles the booking with the player's pass: one credit, in the same transaction as the payment. */
export const settleWithPass = (sessionId: string, userId: string, passId: string) =>
  apiCall('payments/usePass', { sessionId, userId, passId });
