import { type Pass, type PaymentMethod, taipeiDate } from '@shuttle/shared';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from './api-client';

/**
 * A booking's payment, from check-in and from the money page alike (docs/MONEY.md): one set of
 * calls, and one cache entry for the team's passes, so a pass sold on one screen shows on the
 * other. The key sits under the money page's `money` prefix, which its changes invalidate.
 */
export const PASSES_KEY = 'money:passes';

/** The team's valid season passes. */
export const useTeamPasses = () => useQuery(PASSES_KEY, () => apiCall('passes/list', {}));

/** Records a payment; a booking already paid keeps its first payment. */
export const markPaid = (
  sessionId: string,
  userId: string,
  method: PaymentMethod,
  amount: number,
  reference?: string,
) => apiCall('payments/markPaid', { sessionId, userId, method, amount, ...(reference ? { reference } : {}) });

export const markUnpaid = (sessionId: string, userId: string) => apiCall('payments/markUnpaid', { sessionId, userId });

export const waive = (sessionId: string, userId: string) => apiCall('payments/waive', { sessionId, userId });

/** Settles the booking with the player's pass: one credit, in the same transaction as the payment. */
export const settleWithPass = (sessionId: string, userId: string, passId: string) =>
  apiCall('payments/usePass', { sessionId, userId, passId });

/**
 * The player's pass that can settle a session starting at `startsAt`: its dates hold the session's
 * Taipei day and a credit is left (docs/MONEY.md, "Season passes"; the server's rule), so the
 * check-in never offers 使用季打 the server would refuse.
 */
export const passFor = (passes: readonly Pass[] | undefined, userId: string, startsAt: string) => {
  const day = taipeiDate(startsAt);
  return passes?.find((p) => p.userId === userId && p.validFrom <= day && day <= p.validUntil && p.remaining !== 0);
};

/** Moves a pass's start date. */
export const updatePassStart = (passId: string, validFrom: string) => apiCall('passes/update', { passId, validFrom });
