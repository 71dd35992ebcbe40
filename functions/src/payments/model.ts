import type { Pass, PaymentMethod, StoredPayment } from '@shuttle/shared';

/**
 * A season pass as stored (key `TEAM#teamId / PASS#passId`, GSI2 `USER#userId#PASSES`). The id
 * starts with the last valid Taipei date, so a Query from today reads only passes still valid.
 */
export interface PassRecord extends Pass {
  type: 'pass';
  soldBy: string;
  method: PaymentMethod;
}

/** The payment written when a pass covers a booking: paid, by the pass, worth the session's price. */
export function passPayment(pass: Pick<PassRecord, 'passId'>, amount: number, nowIso: string): StoredPayment {
  return { status: 'paid', amount, method: 'other', paidAt: nowIso, passId: pass.passId };
}

/** Whether the pass covers a session starting on this Taipei date, with a credit left when it counts them. */
export function passCovers(pass: PassRecord, day: string): boolean {
  if (day < pass.validFrom || day > pass.validUntil) return false;
  return pass.remaining === null || pass.remaining >= 1;
}

/** A new pass id: its last valid date, then a random part (ids sort by expiry). */
export const newPassId = (validUntil: string, random: string) =>
  `${validUntil}_${random.replace(/-/g, '').slice(0, 16)}`;

/** The last valid date a pass id starts with. */
export const passExpiry = (passId: string) => passId.slice(0, 10);
