import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Payment,
  type PaymentMethod,
  paymentOf,
  type RefundAs,
  type StoredPayment,
  taipeiDate,
} from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { passCodec } from '#db/codecs/payments.ts';
import { bookingCodec } from '#db/codecs/sessions.ts';
import { key } from '#db/keys.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { BookingRecord } from '#sessions/model.ts';
import { addCredit, returnCredit, takeCredit } from './credit-repository.ts';
import { type PassRecord, passPayment, passRefusal, passStart } from './model.ts';

/** How many times a write pinned to what it read is decided again after the booking moved. */
const ATTEMPTS = 3;

export interface MarkPaid {
  sessionId: string;
  userId: string;
  method: PaymentMethod;
  amount: number;
  reference?: string;
  /** NT$ taken from the player's credit with the team, on top of `amount`. */
  credit?: number;
  /** The booking's per-head share as its reference read it: the answer's amount (docs/MONEY.md). */
  share?: number;
}

/**
 * Payments on booking items (docs/MONEY.md). Every write is a conditional UpdateItem of the
 * booking item: payment only on an accepted booking, at most once (a paid booking keeps its first
 * payment), and nothing here ever changes a booking's status, so a cancelled booking is never
 * resurrected or paid. The join path never reads or writes any of it.
 */
export class PaymentRepository {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async booking(sessionId: string, userId: string): Promise<BookingRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.booking(sessionId, userId), ConsistentRead: true }),
    );
    return bookingCodec.decodeOrNull(Item);
  }

  async pass(teamId: string, passId: string): Promise<PassRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.pass(teamId, passId), ConsistentRead: true }),
    );
    return passCodec.decodeOrNull(Item);
  }

  private async requireBooking(sessionId: string, userId: string): Promise<BookingRecord> {
    const booking = await this.booking(sessionId, userId);
    if (!booking) throw new DomainError('BOOKING_NOT_FOUND');
    return booking;
  }

  /**
   * Idempotent: a booking already paid answers its payment unchanged. With `credit`, the player's
   * credit item loses it in the same transaction, only while that much is left (CREDIT_NOT_ENOUGH).
   */
  async markPaid(request: MarkPaid, price: number): Promise<Payment> {
    const payment: StoredPayment = {
      status: 'paid',
      amount: request.amount,
      method: request.method,
      paidAt: this.clock.now().toISOString(),
      ...(request.reference ? { reference: request.reference } : {}),
      ...(request.credit ? { credit: request.credit } : {}),
    };
    const write = {
      Key: key.booking(request.sessionId, request.userId),
      UpdateExpression: 'SET payment = :payment REMOVE paymentReport',
      ConditionExpression:
        'attribute_exists(PK) AND #status = :accepted AND (attribute_not_exists(payment) OR payment.#ps <> :paid)',
      ExpressionAttributeNames: { '#status': 'status', '#ps': 'status' },
      ExpressionAttributeValues: { ':payment': payment, ':accepted': 'accepted', ':paid': 'paid' },
    };
    const answer = { partySize: 1, payment, ...(request.share === undefined ? {} : { share: request.share }) };
    try {
      if (request.credit) {
        const booking = await this.requireBooking(request.sessionId, request.userId);
        if (booking.payment?.status === 'paid') return paymentOf(price, booking);
        const tx = new Transaction(this.store.tableName)
          .update('booking', write)
          .update('credit', takeCredit(booking.teamId, request.userId, request.credit, payment.paidAt!));
        await runTransaction(this.store, tx);
        return paymentOf(price, { ...booking, payment });
      }
      await this.store.doc.send(new UpdateCommand({ TableName: this.store.tableName, ...write }));
      return paymentOf(price, answer);
    } catch (error) {
      if (error instanceof TransactionRefusedError && !error.failed('booking')) {
        throw new DomainError('CREDIT_NOT_ENOUGH');
      }
      if (!isConditionFailure(error) && !(error instanceof TransactionRefusedError)) throw error;
    }
    const booking = await this.requireBooking(request.sessionId, request.userId);
    if (booking.payment?.status === 'paid') return paymentOf(price, booking);
    throw new DomainError('PAYMENT_NOT_ALLOWED');
  }

  /** Lets an accepted booking off paying; idempotent. A paid booking must be marked unpaid first. */
  async waive(sessionId: string, userId: string, price: number): Promise<Payment> {
    const booking = await this.requireBooking(sessionId, userId);
    if (booking.status !== 'accepted') throw new DomainError('PAYMENT_NOT_ALLOWED');
    if (booking.payment?.status === 'waived' || booking.payment?.status === 'paid') return paymentOf(price, booking);
    const payment: StoredPayment = {
      status: 'waived',
      amount: 0,
      method: null,
      paidAt: null,
    };
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.booking(sessionId, userId),
          UpdateExpression: 'SET payment = :payment REMOVE paymentReport',
          ConditionExpression: '#status = :accepted AND attribute_not_exists(payment)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':payment': payment, ':accepted': 'accepted' },
        }),
      );
      return paymentOf(price, { partySize: 1, payment });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return paymentOf(price, await this.requireBooking(sessionId, userId));
    }
  }

  /**
   * Undoes a payment or a waiver. An accepted booking owes again; a cancelled booking that was
   * paid becomes `refunded`. A pass credit the payment used is given back in the same
   * transaction. Idempotent: a booking owing nothing recorded is answered as it is.
   */
  async markUnpaid(sessionId: string, userId: string, price: number): Promise<Payment> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const booking = await this.requireBooking(sessionId, userId);
      const was = booking.payment;
      if (!was || was.status === 'unpaid' || was.status === 'refunded') return paymentOf(price, booking);
      // Money already given back or kept as credit: undoing the payment would count it twice.
      if (was.refund) throw new DomainError('REFUND_SETTLED');
      const refund = booking.status === 'cancelled' && was.status === 'paid';
      const tx = new Transaction(this.store.tableName);
      tx.update('booking', {
        Key: key.booking(sessionId, userId),
        UpdateExpression: refund ? 'SET payment.#ps = :refunded' : 'REMOVE payment',
        ConditionExpression:
          'payment.#ps = :was AND payment.paidAt = :paidAt AND #status = :bookingStatus AND attribute_not_exists(payment.refund)',
        ExpressionAttributeNames: { '#ps': 'status', '#status': 'status' },
        ExpressionAttributeValues: {
          ':was': was.status,
          ':paidAt': was.paidAt,
          ':bookingStatus': booking.status,
          ...(refund ? { ':refunded': 'refunded' } : {}),
        },
      });
      // Credit the payment took goes back to the player's credit, also when the booking is refunded.
      if (was.credit) tx.update('credit', returnCredit(booking.teamId, userId, was.credit, this.clock.now()));
      // A counted pass gets its credit back; a date-range pass (no credits) has none to give.
      const pass = was.passId && !refund ? await this.pass(booking.teamId, was.passId) : null;
      if (pass && pass.remaining !== null) {
        tx.update('pass', {
          Key: key.pass(booking.teamId, pass.passId),
          UpdateExpression: 'SET remaining = remaining + :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1 },
        });
      }
      try {
        await runTransaction(this.store, tx);
        return paymentOf(price, { ...booking, payment: refund ? { ...was, status: 'refunded' } : undefined });
      } catch (error) {
        if (!(error instanceof TransactionRefusedError)) throw error;
        // The booking moved since it was read: decide again.
      }
    }
    throw new DomainError('SERVICE_BUSY');
  }

  /**
   * Settles an accepted booking with a season pass: one transaction of the booking's payment
   * (only while unpaid) and the pass's credit (only while one is left), so a retried or
   * concurrent call never uses two credits for one booking. Already settled by this pass: the
   * payment is answered unchanged.
   */
  async usePass(sessionId: string, userId: string, passId: string, price: number): Promise<Payment> {
    const booking = await this.requireBooking(sessionId, userId);
    const pass = await this.pass(booking.teamId, passId);
    if (!pass || pass.userId !== userId) throw new DomainError('PASS_NOT_FOUND');
    if (booking.payment?.status === 'paid') return paymentOf(price, booking);
    if (booking.status !== 'accepted') throw new DomainError('PAYMENT_NOT_ALLOWED');
    const refusal = passRefusal(pass, taipeiDate(booking.startsAt));
    if (refusal) throw new DomainError(refusal);
    const nowIso = this.clock.now().toISOString();
    const payment = passPayment(pass, price * booking.partySize, nowIso);
    const tx = new Transaction(this.store.tableName);
    tx.update('booking', {
      Key: key.booking(sessionId, userId),
      UpdateExpression: 'SET payment = :payment REMOVE paymentReport',
      ConditionExpression: '#status = :accepted AND (attribute_not_exists(payment) OR payment.#ps <> :paid)',
      ExpressionAttributeNames: { '#status': 'status', '#ps': 'status' },
      ExpressionAttributeValues: { ':payment': payment, ':accepted': 'accepted', ':paid': 'paid' },
    });
    if (pass.remaining === null) {
      // The dates as read (a start moved meanwhile fails here and is answered with the new reason).
      tx.check('pass', {
        Key: key.pass(booking.teamId, passId),
        ConditionExpression: 'validUntil = :until AND (validFrom = :from OR attribute_not_exists(validFrom))',
        ExpressionAttributeValues: { ':until': pass.validUntil, ':from': passStart(pass) },
      });
    } else {
      tx.update('pass', {
        Key: key.pass(booking.teamId, passId),
        UpdateExpression: 'SET remaining = remaining - :one',
        ConditionExpression:
          'remaining >= :one AND validUntil = :until AND (validFrom = :from OR attribute_not_exists(validFrom))',
        ExpressionAttributeValues: { ':one': 1, ':until': pass.validUntil, ':from': passStart(pass) },
      });
    }
    try {
      await runTransaction(this.store, tx);
      return paymentOf(price, { partySize: booking.partySize, payment });
    } catch (error) {
      if (!(error instanceof TransactionRefusedError)) throw error;
      if (error.failed('booking')) {
        const now = await this.requireBooking(sessionId, userId);
        if (now.payment?.status === 'paid') return paymentOf(price, now);
        throw new DomainError('PAYMENT_NOT_ALLOWED');
      }
      const moved = await this.pass(booking.teamId, passId);
      throw new DomainError((moved && passRefusal(moved, taipeiDate(booking.startsAt))) || 'PASS_NOT_USABLE');
    }
  }

  /**
   * Settles what the player paid above their per-head share (docs/MONEY.md, "Refunds and credit"):
   * given back or kept as their credit with the team, once. The refund is written on the payment
   * under what decided it (that payment, the share read, no refund yet); a credit is added to the
   * player's credit item in the same transaction. Idempotent: settled the same way, the payment is
   * answered as it is; the other way, 409 REFUND_SETTLED; nothing due, 409 NO_REFUND_DUE.
   */
  async settleRefund(sessionId: string, userId: string, as: RefundAs, price: number): Promise<Payment> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const booking = await this.requireBooking(sessionId, userId);
      const payment = paymentOf(price, booking);
      if (payment.refund) {
        if (payment.refund.as === as) return payment;
        throw new DomainError('REFUND_SETTLED');
      }
      const stored = booking.payment;
      if (!payment.refundDue || !stored) throw new DomainError('NO_REFUND_DUE');
      const refund = { amount: payment.refundDue, as, at: this.clock.now().toISOString() };
      const tx = new Transaction(this.store.tableName).update('booking', {
        Key: key.booking(sessionId, userId),
        UpdateExpression: 'SET payment.refund = :refund',
        ConditionExpression:
          'payment.#ps = :paid AND payment.paidAt = :paidAt AND #share = :share AND attribute_not_exists(payment.refund)',
        ExpressionAttributeNames: { '#ps': 'status', '#share': 'share' },
        ExpressionAttributeValues: {
          ':refund': refund,
          ':paid': 'paid',
          ':paidAt': stored.paidAt,
          ':share': booking.share,
        },
      });
      if (as === 'credit') tx.update('credit', addCredit(booking, refund.amount, refund.at));
      try {
        await runTransaction(this.store, tx);
        return paymentOf(price, { ...booking, payment: { ...stored, refund } });
      } catch (error) {
        if (!(error instanceof TransactionRefusedError)) throw error;
        // The payment, the share or the refund moved since the read: decide again.
      }
    }
    throw new DomainError('SERVICE_BUSY');
  }

  /**
   * A player's report "I transferred": kept on their accepted, unpaid booking until an admin
   * confirms it; a second report replaces the first (a typo is fixed) until then.
   */
  async reportTransfer(sessionId: string, userId: string, reference: string, price: number): Promise<Payment> {
    const report = { reference, at: this.clock.now().toISOString() };
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.booking(sessionId, userId),
          UpdateExpression: 'SET paymentReport = :report',
          ConditionExpression: 'attribute_exists(PK) AND #status = :accepted AND attribute_not_exists(payment)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':report': report, ':accepted': 'accepted' },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const booking = await this.requireBooking(sessionId, userId);
      if (booking.status === 'accepted') return paymentOf(price, booking);
      throw new DomainError('PAYMENT_NOT_ALLOWED');
    }
    return paymentOf(price, { ...(await this.requireBooking(sessionId, userId)), paymentReport: report });
  }
}
