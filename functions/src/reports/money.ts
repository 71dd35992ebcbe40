import { type Language, levelBandOf, owes, type Payment, paymentOf, receivedOf, taipeiDate } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/admin-money-csv';
import { incomeOfSession } from '#payments/settlement.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { csvFile } from './csv.ts';

/** Money of some sessions from their payments (docs/MONEY.md, "Exports"). */
export interface MoneyLine {
  /**
   * Money received (`receivedOf`): paid payments, not those a pass settled (its price counts at
   * the sale) nor the part taken from credit, less money given back.
   */
  paid: number;
  /** Accepted bookings still unpaid. */
  outstanding: number;
  /** What waived bookings would have cost. */
  waived: number;
}

export function moneyOf(session: SessionRecord, bookings: readonly BookingRecord[]): MoneyLine {
  const line: MoneyLine = { paid: 0, outstanding: 0, waived: 0 };
  for (const b of bookings) {
    const payment = paymentOf(session.price, b);
    line.paid += receivedOf(payment);
    if (b.status !== 'accepted') continue;
    if (owes(payment)) line.outstanding += payment.amount;
    if (payment.status === 'waived') line.waived += session.price * b.partySize;
  }
  return line;
}

export const addMoney = (a: MoneyLine, b: MoneyLine): MoneyLine => ({
  paid: a.paid + b.paid,
  outstanding: a.outstanding + b.outstanding,
  waived: a.waived + b.waived,
});

const header = (language: Language, keys: readonly string[]) =>
  keys.map((k) => translate(language, 'admin', `moneyCsv.${k}`));
const statusText = (language: Language, status: string) => translate(language, 'admin', `moneyCsv.status.${status}`);
const methodText = (language: Language, method: string | null) =>
  method ? translate(language, 'admin', `moneyCsv.method.${method}`) : '';
const time = (iso: string) => {
  const shifted = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
};

type Rows = readonly { session: SessionRecord; bookings: readonly BookingRecord[] }[];

/** One row per session: its seats, attendance and money. */
export function revenueCsv(rows: Rows, language: Language): string {
  return csvFile(
    header(language, [
      'start',
      'title',
      'venue',
      'price',
      'accepted',
      'attended',
      'absent',
      'paid',
      'outstanding',
      'waived',
      'income',
    ]),
    rows.map(({ session, bookings }) => {
      const accepted = bookings.filter((b) => b.status === 'accepted');
      const seats = (list: readonly BookingRecord[]) => list.reduce((sum, b) => sum + b.partySize, 0);
      const money = moneyOf(session, bookings);
      return [
        time(session.startsAt),
        session.title,
        session.venue,
        session.price,
        seats(accepted),
        seats(accepted.filter((b) => b.attendance === 'attended')),
        seats(accepted.filter((b) => b.attendance === 'absent')),
        money.paid,
        money.outstanding,
        money.waived,
        incomeOfSession(session, bookings).income,
      ];
    }),
  );
}

/** One row per accepted or cancelled booking: who came, who did not, and what they paid. */
export function attendanceCsv(rows: Rows, language: Language): string {
  const lines = rows.flatMap(({ session, bookings }) =>
    bookings
      .filter((b) => b.status === 'accepted' || b.status === 'cancelled')
      .map((b) => {
        const payment = paymentOf(session.price, b);
        return [
          time(session.startsAt),
          session.title,
          b.userName,
          b.partySize,
          statusText(language, b.status === 'cancelled' ? 'cancelled' : (b.attendance ?? 'unmarked')),
          statusText(language, payment.status),
          payment.amount,
          methodText(language, payment.method),
          payment.reference ?? '',
          refundText(language, payment),
        ];
      }),
  );
  return csvFile(
    header(language, [
      'start',
      'title',
      'player',
      'party',
      'attendance',
      'payment',
      'amount',
      'methodName',
      'reference',
      'refund',
    ]),
    lines,
  );
}

/** What a per-head night owes the player back: due, given back or kept as credit, with the amount. */
function refundText(language: Language, payment: Payment): string {
  if (payment.refundDue) return `${translate(language, 'admin', 'moneyCsv.refundState.due')} ${payment.refundDue}`;
  if (!payment.refund) return '';
  return `${translate(language, 'admin', `moneyCsv.refundState.${payment.refund.as}`)} ${payment.refund.amount}`;
}

export interface MemberRow {
  name: string;
  userId: string;
  membership: string;
  joinedAt: string;
  blocked: boolean;
  suspendedUntil?: string;
  level: number | null;
}

/** One row per member with the month's bookings, attendance and unpaid amount. */
export function membersCsv(members: readonly MemberRow[], rows: Rows, language: Language): string {
  const byUser = new Map<string, { booked: number; attended: number; absent: number; owed: number }>();
  for (const { session, bookings } of rows) {
    for (const b of bookings) {
      if (b.status !== 'accepted') continue;
      const tally = byUser.get(b.userId) ?? { booked: 0, attended: 0, absent: 0, owed: 0 };
      tally.booked += 1;
      if (b.attendance === 'attended') tally.attended += 1;
      if (b.attendance === 'absent') tally.absent += 1;
      const payment = paymentOf(session.price, b);
      if (owes(payment)) tally.owed += payment.amount;
      byUser.set(b.userId, tally);
    }
  }
  return csvFile(
    header(language, [
      'player',
      'membership',
      'joined',
      'level',
      'booked',
      'attended',
      'absent',
      'owed',
      'suspendedUntil',
    ]),
    [...members]
      .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt))
      .map((m) => {
        const tally = byUser.get(m.userId) ?? { booked: 0, attended: 0, absent: 0, owed: 0 };
        return [
          m.name,
          m.blocked ? statusText(language, 'blocked') : m.membership,
          taipeiDate(m.joinedAt),
          m.level === null
            ? ''
            : `${m.level} ${translate(language, 'admin', `moneyCsv.levelBand.${levelBandOf(m.level)}`)}`,
          tally.booked,
          tally.attended,
          tally.absent,
          tally.owed,
          m.suspendedUntil ? time(m.suspendedUntil) : '',
        ];
      }),
  );
}

/** A player's own bookings (the member app's history download). */
export function historyCsv(
  rows: readonly { session: SessionRecord | undefined; booking: BookingRecord }[],
  language: Language,
): string {
  return csvFile(
    header(language, ['start', 'team', 'title', 'venue', 'party', 'attendance', 'payment', 'amount', 'methodName']),
    rows.map(({ session, booking }) => {
      const payment = paymentOf(session?.price ?? 0, booking);
      return [
        time(booking.startsAt),
        session?.teamName ?? '',
        session?.title ?? '',
        session?.venue ?? '',
        booking.partySize,
        statusText(
          language,
          booking.status === 'cancelled'
            ? 'cancelled'
            : booking.status === 'accepted'
              ? (booking.attendance ?? 'unmarked')
              : 'waiting',
        ),
        booking.status === 'accepted' ? statusText(language, payment.status) : '',
        booking.status === 'accepted' ? payment.amount : '',
        booking.status === 'accepted' ? methodText(language, payment.method) : '',
      ];
    }),
  );
}
