import type { Payment, PaymentDetails } from '../schemas/entities.ts';

/** How the team settled what a player paid above their per-head share (docs/MONEY.md, "Refunds and credit"). */
export type RefundAs = NonNullable<Payment['refund']>['as'];

/** A booking's payment as stored on the booking item (absent until someone records one). */
export interface StoredPayment {
  status: Payment['status'];
  /** Money taken (a pass: what it is worth); 0 when waived. */
  amount: number;
  method: Payment['method'];
  reference?: string;
  paidAt: string | null;
  passId?: string;
  /** NT$ of this payment taken from the player's credit with the team, on top of `amount`. */
  credit?: number;
  /** The part above the per-head share, given back or kept as credit (`payments/settleRefund`). */
  refund?: { amount: number; as: RefundAs; at: string };
}

/** What of a booking item decides its payment. */
export interface BookingMoney {
  partySize: number;
  payment?: StoredPayment | null;
  paymentReport?: { reference: string; at: string };
  /** The booking's share of a closed per-head settlement (whole party), written by `settlement/close`. */
  share?: number;
}

/**
 * What a booking owes and how it was settled (docs/MONEY.md): the one figure every screen,
 * message, export and report shows. Until a payment is recorded the booking owes its share of a
 * closed per-head settlement, else the session price x party size. A paid booking's `amount` is
 * that share too once one is fixed; what the player gave is then `paid`, and what they gave above
 * it is `refundDue` until the team settles it (`refund`). A player's unconfirmed transfer report
 * rides along as `reported`.
 */
export function paymentOf(price: number, booking: BookingMoney): Payment {
  const stored = booking.payment;
  const share = booking.share;
  if (!stored) {
    const owed: Payment = { status: 'unpaid', amount: share ?? price * booking.partySize, method: null, paidAt: null };
    return booking.paymentReport ? { ...owed, reported: booking.paymentReport } : owed;
  }
  const credit = stored.credit ?? 0;
  const given = stored.amount + credit;
  const amount = stored.status === 'paid' && share !== undefined ? share : given;
  const base: Payment = {
    status: stored.status,
    amount,
    method: stored.method ?? null,
    paidAt: stored.paidAt ?? null,
    ...(stored.reference ? { reference: stored.reference } : {}),
    ...(stored.passId ? { passId: stored.passId } : {}),
    ...(credit > 0 ? { creditUsed: credit } : {}),
  };
  // A pass settles the night whatever its share: nothing to give back, nothing to show as paid.
  if (stored.status !== 'paid' || stored.passId || given === amount) return base;
  const above = given - amount;
  if (above <= 0) return { ...base, paid: given };
  return stored.refund ? { ...base, paid: given, refund: stored.refund } : { ...base, paid: given, refundDue: above };
}

/** Whether the booking still owes money: unpaid (a waived, paid or refunded one does not). */
export const owes = (payment: Payment) => payment.status === 'unpaid' && payment.amount > 0;

/**
 * What a booking's payment adds to its session's income (docs/ON-COURT.md, "Settlement"): what
 * was taken for it (credit and a pass's worth included) less what is due back or was given back,
 * so never more than its amount. Settlement, reports and exports all sum this.
 */
export function incomeOf(payment: Payment): number {
  if (payment.status !== 'paid') return 0;
  return Math.min(payment.amount, payment.paid ?? payment.amount);
}

/**
 * Money received for a booking (docs/MONEY.md, "Exports"): a paid payment's money, not a pass's
 * worth, not the part taken from credit (received at an earlier session), less what was given back.
 */
export function receivedOf(payment: Payment): number {
  if (payment.status !== 'paid' || payment.passId) return 0;
  const given = payment.paid ?? payment.amount;
  const back = payment.refund?.as === 'refunded' ? payment.refund.amount : 0;
  return given - (payment.creditUsed ?? 0) - back;
}

/**
 * Whether any way to pay is given. Here, not beside the zod schemas of schemas/settlement.ts, so
 * the notifiers that call it stay free of zod (docs/DEPLOY.md, "Bundles").
 */
export const hasPaymentDetails = (d: PaymentDetails | null | undefined): d is PaymentDetails =>
  !!d && (d.bankAccount !== '' || d.linePayUrl !== '' || d.jkoPayUrl !== '');

/** Whether players can transfer to the team: a bank account is given. */
export const takesTransfers = (d: PaymentDetails | null | undefined): boolean => !!d && d.bankAccount !== '';
