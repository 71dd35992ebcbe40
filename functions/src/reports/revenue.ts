import { taipeiDayStart } from '@shuttle/shared';
import { incomeOfSession } from '#payments/settlement.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';

export interface RevenueLine {
  sessions: number;
  accepted: number;
  attended: number;
  absent: number;
  revenue: number;
  income: number;
}

const ZERO: RevenueLine = { sessions: 0, accepted: 0, attended: 0, absent: 0, revenue: 0, income: 0 };

/**
 * One session's figures. Revenue is what the night would bring at its price: attended seats (a
 * party counts its size, walk-ins included) times the session price; absent players pay nothing.
 * Income is what its payments brought in less refunds, the settlement's own figure
 * (`incomeOfSession`).
 */
export function tallySession(session: Pick<SessionRecord, 'price'>, bookings: readonly BookingRecord[]): RevenueLine {
  const accepted = bookings.filter((b) => b.status === 'accepted');
  const seats = (list: readonly BookingRecord[]) => list.reduce((sum, b) => sum + b.partySize, 0);
  const attended = seats(accepted.filter((b) => b.attendance === 'attended'));
  return {
    sessions: 1,
    accepted: seats(accepted),
    attended,
    absent: seats(accepted.filter((b) => b.attendance === 'absent')),
    revenue: attended * session.price,
    income: incomeOfSession(session, bookings).income,
  };
}

export function sumLines(lines: readonly RevenueLine[]): RevenueLine {
  return lines.reduce(
    (total, line) => ({
      sessions: total.sessions + line.sessions,
      accepted: total.accepted + line.accepted,
      attended: total.attended + line.attended,
      absent: total.absent + line.absent,
      revenue: total.revenue + line.revenue,
      income: total.income + line.income,
    }),
    ZERO,
  );
}

export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included. */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to; m = nextMonth(m)) months.push(m);
  return months;
}

/** The instants a Taipei month spans: [start, end). */
export const monthSpan = (month: string) => ({
  from: taipeiDayStart(`${month}-01`),
  to: taipeiDayStart(`${nextMonth(month)}-01`),
});

export type ActivityKind = 'booked' | 'waitlisted' | 'entered' | 'promoted' | 'cancelled';

/**
 * How a booking was made: a lottery entry (any join before the draw of a lottery session,
 * `lotteryDrawAt`, docs/FAIR-SIGNUP.md, whatever the draw or a cancellation made of it since),
 * a place, or a waitlist join.
 */
function madeAs(booking: BookingRecord, lotteryDrawAt: string | null): ActivityKind {
  if (booking.status === 'entered' || booking.drawnAt) return 'entered';
  if (lotteryDrawAt && Date.parse(booking.bookedAt) < Date.parse(lotteryDrawAt)) return 'entered';
  return booking.acceptedAt === booking.bookedAt ? 'booked' : 'waitlisted';
}

/** What a booking row tells about its history: how it was made, a promotion, a cancellation. */
export function activityOf(
  booking: BookingRecord,
  lotteryDrawAt: string | null = null,
): { kind: ActivityKind; at: string }[] {
  const events: { kind: ActivityKind; at: string }[] = [{ kind: madeAs(booking, lotteryDrawAt), at: booking.bookedAt }];
  if (booking.promotedAt) events.push({ kind: 'promoted', at: booking.promotedAt });
  if (booking.status === 'cancelled' && booking.cancelledAt)
    events.push({ kind: 'cancelled', at: booking.cancelledAt });
  return events;
}
