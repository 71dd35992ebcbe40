import {
  DEFAULT_LOW_STOCK_TUBES,
  incomeOf,
  paymentOf,
  perHeadShare,
  reopenUntil,
  type Settlement,
  type SettlementShare,
  SHUTTLES_PER_TUBE,
  type ShuttleStock,
  sessionHours,
  settlementCostsOf,
} from '@shuttle/shared';
import type { SettlementInputs, SettlementRecord, ShuttleStockRecord } from '#db/codecs/payments.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';

/** The stored shapes, checked by their codecs on every read (`#db/codecs/payments.ts`). */
export type { SettlementInputs, SettlementRecord, ShuttleStockRecord };

export interface SettlementDefaults {
  courtFeePerHour: number;
  pricePerShuttle: number;
  /** Courts the session's rotation board used that evening, if it had one (docs/ON-COURT.md). */
  boardCourts?: number;
}

/**
 * The session's income from its bookings' payments (docs/ON-COURT.md, "Settlement"): what each
 * paid booking brought in less what is due back or was given back (`incomeOf`), a paid booking
 * later cancelled included; `passes` the bookings a season pass settled. Reports sum the same.
 */
export function incomeOfSession(session: Pick<SessionRecord, 'price'>, bookings: readonly BookingRecord[]) {
  let fees = 0;
  let passes = 0;
  for (const b of bookings) {
    const payment = paymentOf(session.price, b);
    if (payment.passId) passes += incomeOf(payment);
    else fees += incomeOf(payment);
  }
  return { fees, passes, income: fees + passes };
}

/**
 * The settlement of a session from its bookings: costs, income (fees paid and passes used, less
 * refunds), the balance and each player's share. `perHead`: total / players checked in, rounded
 * up to NT$10, times the party size; `fixed`: what the booking is charged (its payment amount).
 */
export function computeSettlement(
  session: SessionRecord,
  bookings: readonly BookingRecord[],
  inputs: SettlementInputs,
  defaults: SettlementDefaults,
  state: { version: number; reopened?: SettlementRecord['reopened'] },
): Settlement {
  const courts = inputs.courts ?? defaults.boardCourts ?? session.courts;
  const courtsFrom = inputs.courts !== undefined ? 'set' : defaults.boardCourts !== undefined ? 'board' : 'session';
  const hours = sessionHours(session.startsAt, session.endsAt);
  const courtFeePerHour = inputs.courtFeePerHour ?? defaults.courtFeePerHour;
  const shuttlesUsed = inputs.shuttlesUsed ?? 0;
  const pricePerShuttle = inputs.pricePerShuttle ?? defaults.pricePerShuttle;
  const otherCosts = inputs.otherCosts ?? [];
  const split = inputs.split ?? 'fixed';
  const costs = settlementCostsOf({ courts, hours, courtFeePerHour, shuttlesUsed, pricePerShuttle, otherCosts });
  const { fees, passes, income } = incomeOfSession(session, bookings);
  const accepted = bookings.filter((b) => b.status === 'accepted');
  const present = accepted.filter((b) => b.attendance === 'attended');
  const playersPresent = present.reduce((sum, b) => sum + b.partySize, 0);

  let shares: SettlementShare[];
  if (split === 'perHead') {
    const perHead = perHeadShare(costs.total, playersPresent);
    shares = present.map((b) => share(b, perHead * b.partySize));
  } else {
    shares = accepted.map((b) => share(b, paymentOf(session.price, b).amount));
  }
  return {
    sessionId: session.id,
    status: 'open',
    version: state.version,
    courts,
    hours,
    courtFeePerHour,
    shuttlesUsed,
    pricePerShuttle,
    otherCosts,
    split,
    costs,
    income,
    incomeParts: { fees, passes },
    balance: income - costs.total,
    playersPresent,
    shares,
    courtsFrom,
    closedAt: null,
    closedBy: null,
    reopenUntil: null,
    reopened: reopenLog(state.reopened),
  };
}

/**
 * A closed settlement as it is answered: its costs and shares as kept at closing, its income and
 * balance from the payments now (money taken after closing counts, refunds due do not), so the
 * settlement, the reports and the bookings show one figure.
 */
export function closedView(
  record: SettlementRecord & { closed: Settlement },
  session: SessionRecord,
  bookings: readonly BookingRecord[],
): Settlement {
  const { fees, passes, income } = incomeOfSession(session, bookings);
  const closedAt = record.closedAt ?? record.closed.closedAt;
  return {
    ...record.closed,
    income,
    incomeParts: { fees, passes },
    balance: income - record.closed.costs.total,
    courtsFrom: record.closed.courtsFrom ?? 'set',
    closedBy: record.closedBy ?? null,
    reopenUntil: closedAt ? reopenUntil(closedAt) : null,
    reopened: reopenLog(record.reopened),
  };
}

const reopenLog = (log: SettlementRecord['reopened']) => (log ?? []).map(({ by, at }) => ({ by, at }));

/**
 * The courts a rotation board used: those that had a game that evening, else those it was set up
 * with; undefined without a board (the session's courts apply).
 */
export function boardCourtsOf(board: { courts: readonly number[]; log: readonly { court: number }[] } | null) {
  if (!board) return undefined;
  const played = new Set(board.log.map((g) => g.court));
  const count = played.size > 0 ? played.size : board.courts.length;
  return count > 0 ? count : undefined;
}

const share = (b: BookingRecord, amount: number): SettlementShare => ({
  userId: b.userId,
  name: b.userName,
  partySize: b.partySize,
  amount,
});

/** The stock as the admin app shows it. */
export function stockView(record: ShuttleStockRecord | null): ShuttleStock {
  const tubesBought = record?.tubesBought ?? 0;
  const shuttlesUsed = record?.shuttlesUsed ?? 0;
  const shuttlesLeft = tubesBought * SHUTTLES_PER_TUBE - shuttlesUsed;
  const lowStockTubes = record?.lowStockTubes ?? DEFAULT_LOW_STOCK_TUBES;
  return {
    tubesBought,
    shuttlesUsed,
    shuttlesLeft,
    pricePerShuttle: record?.pricePerShuttle ?? 0,
    lowStockTubes,
    low: lowStockTubes > 0 && shuttlesLeft < lowStockTubes * SHUTTLES_PER_TUBE,
    purchases: record?.purchases ?? [],
  };
}
