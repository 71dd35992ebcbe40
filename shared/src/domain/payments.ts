import type { Payment, PaymentDetails } from '../schemas/entities.ts';

/** A booking's payment as stored on the booking item (absent until someone records one). */
export interface StoredPayment {
  status: Payment['status'];
  amount: number;
  method: Payment['method'];
  reference?: string;
  paidAt: string | null;
  passId?: string;
}

/**
 * What a booking owes and how it was settled (docs/MONEY.md): the stored payment, or, until
 * one is recorded, `unpaid` for the session price x party size. A player's unconfirmed
 * transfer report rides along as `reported`.
 */
export function paymentOf(
  price: number,
  booking: { partySize: number; payment?: StoredPayment | null; paymentReport?: { reference: string; at: string } },
): Payment {
  const stored = booking.payment;
  const base: Payment = stored
    ? {
        status: stored.status,
        amount: stored.amount,
        method: stored.method ?? null,
        paidAt: stored.paidAt ?? null,
        ...(stored.reference ? { reference: stored.reference } : {}),
        ...(stored.passId ? { passId: stored.passId } : {}),
      }
    : { status: 'unpaid', amount: price * booking.partySize, method: null, paidAt: null };
  return booking.paymentReport && base.status === 'unpaid' ? { ...base, reported: booking.paymentReport } : base;
}

/** Whether the booking still owes money: unpaid (a waived, paid or refunded one does not). */
export const owes = (payment: Payment) => payment.status === 'unpaid' && payment.amount > 0;

/**
 * Whether any way to pay is given. Here, not beside the zod schemas of schemas/settlement.ts, so
 * the notifiers that call it stay free of zod (docs/DEPLOY.md, "Bundles").
 */
export const hasPaymentDetails = (d: PaymentDetails | null | undefined): d is PaymentDetails =>
  !!d && (d.bankAccount !== '' || d.linePayUrl !== '' || d.jkoPayUrl !== '');
