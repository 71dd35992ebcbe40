import { type OutstandingItem, owes, type Payment, paymentOf, type RefundItem, taipeiDate } from '@shuttle/shared';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { type PassRecord, passCovers } from './model.ts';

type PassView = Pick<PassRecord, 'passId' | 'userId' | 'validFrom' | 'validUntil' | 'soldAt' | 'remaining' | 'name'>;
type Rows = readonly { session: SessionRecord; bookings: readonly BookingRecord[] }[];

/**
 * The one definition of "unpaid" the money screens share (docs/MONEY.md, "Who owes what"):
 * every accepted booking of these sessions whose payment is `unpaid` (a waived or paid one
 * never is), oldest session first (then by who got the place first), each with the pass of the
 * player that covers it. A pass covers a booking when its dates hold the session's day and, for
 * a counted pass, a credit is still free: credits go to the oldest sessions first, so a pass with
 * 2 credits covers 2 rows, not every row in its dates.
 */
export function unpaidOf(
  rows: Rows,
  passes: readonly PassView[],
): { session: SessionRecord; booking: BookingRecord; payment: Payment; pass: PassView | null }[] {
  const left = new Map(passes.map((p) => [p.passId, p.remaining]));
  const sorted = [...rows].sort((a, b) => a.session.startsAt.localeCompare(b.session.startsAt));
  const out: { session: SessionRecord; booking: BookingRecord; payment: Payment; pass: PassView | null }[] = [];
  for (const { session, bookings } of sorted) {
    const day = taipeiDate(session.startsAt);
    const accepted = bookings
      .filter((b) => b.status === 'accepted')
      .sort((a, b) => (a.acceptedAt ?? a.bookedAt).localeCompare(b.acceptedAt ?? b.bookedAt));
    for (const booking of accepted) {
      const payment = paymentOf(session.price, booking);
      if (!owes(payment)) continue;
      const pass =
        passes.find(
          (p) => p.userId === booking.userId && passCovers({ ...p, remaining: left.get(p.passId) ?? null }, day),
        ) ?? null;
      const credits = pass ? left.get(pass.passId) : null;
      if (pass && typeof credits === 'number') left.set(pass.passId, credits - 1);
      out.push({ session, booking, payment, pass });
    }
  }
  return out;
}

/**
 * The paid bookings of these sessions whose player gave more than their per-head share and is
 * owed the difference (docs/MONEY.md, "Refunds and credit"), oldest session first.
 */
export function refundsOf(rows: Rows): RefundItem[] {
  return [...rows]
    .sort((a, b) => a.session.startsAt.localeCompare(b.session.startsAt))
    .flatMap(({ session, bookings }) =>
      bookings.flatMap((booking) => {
        const payment = paymentOf(session.price, booking);
        if (!payment.refundDue) return [];
        return [
          {
            sessionId: session.id,
            title: session.title,
            startsAt: session.startsAt,
            userId: booking.userId,
            name: booking.userName,
            payment,
            refundDue: payment.refundDue,
          },
        ];
      }),
    );
}

/** Who owes what: the unpaid rows, the total no pass covers, the part of it for ended sessions, and refunds due. */
export function outstandingOf(
  rows: Rows,
  passes: readonly PassView[],
  now: Date,
): { items: OutstandingItem[]; refunds: RefundItem[]; total: number; overdue: number } {
  const unpaid = unpaidOf(rows, passes);
  const items = unpaid.map(({ session, booking, payment, pass }) => ({
    sessionId: session.id,
    title: session.title,
    startsAt: session.startsAt,
    userId: booking.userId,
    name: booking.userName,
    partySize: booking.partySize,
    amount: payment.amount,
    payment,
    ended: ended(session, now),
    passId: pass?.passId ?? null,
  }));
  const owed = unpaid.filter((u) => !u.pass);
  return {
    items,
    refunds: refundsOf(rows),
    total: owed.reduce((sum, u) => sum + u.payment.amount, 0),
    overdue: owed.filter((u) => ended(u.session, now)).reduce((sum, u) => sum + u.payment.amount, 0),
  };
}

/** A session has ended once its end time has passed. */
export const ended = (session: Pick<SessionRecord, 'endsAt'>, now: Date) => Date.parse(session.endsAt) <= now.getTime();
