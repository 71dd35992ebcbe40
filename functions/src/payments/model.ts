import { type StoredPayment, taipeiDate } from '@shuttle/shared';
import type { PassRecord } from '#db/codecs/payments.ts';

/** The stored shape, checked by its codec on every read (`#db/codecs/payments.ts`). */
export type { PassRecord };

/** The payment written when a pass covers a booking: paid, by the pass, worth the session's price. */
export function passPayment(pass: Pick<PassRecord, 'passId'>, amount: number, nowIso: string): StoredPayment {
  return { status: 'paid', amount, method: 'other', paidAt: nowIso, passId: pass.passId };
}

/** The pass's first valid Taipei date; a pass stored without one starts on the day it was sold. */
export const passStart = (pass: Pick<PassRecord, 'validFrom' | 'soldAt'>): string =>
  pass.validFrom || taipeiDate(pass.soldAt);

/**
 * Why the pass cannot settle a session on this Taipei date (docs/MONEY.md, "Season passes"): the
 * date is before its start or after its end, or no credit is left; null when it can.
 */
export function passRefusal(
  pass: Pick<PassRecord, 'validFrom' | 'validUntil' | 'soldAt' | 'remaining'>,
  day: string,
): 'PASS_NOT_STARTED' | 'PASS_EXPIRED' | 'PASS_NOT_USABLE' | null {
  if (day < passStart(pass)) return 'PASS_NOT_STARTED';
  if (day > pass.validUntil) return 'PASS_EXPIRED';
  if (pass.remaining !== null && pass.remaining < 1) return 'PASS_NOT_USABLE';
  return null;
}

/** Whether the pass covers a session starting on this Taipei date, with a credit left when it counts them. */
export function passCovers(pass: Pick<PassRecord, 'validFrom' | 'validUntil' | 'soldAt' | 'remaining'>, day: string) {
  return passRefusal(pass, day) === null;
}

/** A new pass id: its last valid date, then a random part (ids sort by expiry). */
export const newPassId = (validUntil: string, random: string) =>
  `${validUntil}_${random.replace(/-/g, '').slice(0, 16)}`;

/** The last valid date a pass id starts with. */
export const passExpiry = (passId: string) => passId.slice(0, 10);
