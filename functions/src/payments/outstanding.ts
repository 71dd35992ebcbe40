import { type OutstandingItem, owes, paymentOf, taipeiDate } from '@shuttle/shared';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { type PassRecord, passCovers } from './model.ts';

type PassView = Pick<PassRecord, 'passId' | 'userId' | 'validFrom' | 'validUntil' | 'remaining'>;

/**
 * Who owes what (docs/MONEY.md): every accepted booking of these sessions whose payment is
 * `unpaid`, oldest session first (then by who got the place first), each with a pass of the
 * player that could settle it.
 */
export function outstandingOf(
  rows: readonly { session: SessionRecord; bookings: readonly BookingRecord[] }[],
  passes: readonly PassView[],
): { items: OutstandingItem[]; total: number } {
  const items: OutstandingItem[] = [];
  const sorted = [...rows].sort((a, b) => a.session.startsAt.localeCompare(b.session.startsAt));
  for (const { session, bookings } of sorted) {
    const day = taipeiDate(session.startsAt);
    const accepted = bookings
      .filter((b) => b.status === 'accepted')
      .sort((a, b) => (a.acceptedAt ?? a.bookedAt).localeCompare(b.acceptedAt ?? b.bookedAt));
    for (const booking of accepted) {
      const payment = paymentOf(session.price, booking);
      if (!owes(payment)) continue;
      const pass = passes.find((p) => p.userId === booking.userId && passCovers(p as PassRecord, day));
      items.push({
        sessionId: session.id,
        title: session.title,
        startsAt: session.startsAt,
        userId: booking.userId,
        name: booking.userName,
        partySize: booking.partySize,
        amount: payment.amount,
        payment,
        passId: pass?.passId ?? null,
      });
    }
  }
  return { items, total: items.reduce((sum, i) => sum + i.amount, 0) };
}
