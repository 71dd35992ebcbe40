import {
  DEFAULT_LOW_STOCK_TUBES,
  paymentOf,
  type Settlement,
  type SettlementShare,
  SHARE_ROUNDING,
  SHUTTLES_PER_TUBE,
  type ShuttleStock,
} from '@shuttle/shared';
import type { SettlementInputs, SettlementRecord, ShuttleStockRecord } from '#db/codecs/payments.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';

/** The stored shapes, checked by their codecs on every read (`#db/codecs/payments.ts`). */
export type { SettlementInputs, SettlementRecord, ShuttleStockRecord };

interface SettlementDefaults {
  courtFeePerHour: number;
  pricePerShuttle: number;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Rounds a per-head share up to whole NT$10. */
const roundShareUp = (amount: number) => Math.ceil(amount / SHARE_ROUNDING) * SHARE_ROUNDING;

/**
 * The settlement of a session from its bookings: costs, income (fees paid and passes used), the
 * balance and each player's share. `perHead`: total / players checked in, rounded up to NT$10,
 * times the party size; `fixed`: what the booking was charged (its payment amount).
 */
export function computeSettlement(
  session: SessionRecord,
  bookings: readonly BookingRecord[],
  inputs: SettlementInputs,
  defaults: SettlementDefaults,
  state: { version: number },
): Settlement {
  const courts = inputs.courts ?? session.courts;
  const hours = Math.max(0, Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 3_600_000;
  const courtFeePerHour = inputs.courtFeePerHour ?? defaults.courtFeePerHour;
  const shuttlesUsed = inputs.shuttlesUsed ?? 0;
  const pricePerShuttle = inputs.pricePerShuttle ?? defaults.pricePerShuttle;
  const otherCosts = inputs.otherCosts ?? [];
  const split = inputs.split ?? 'fixed';

  const costs = {
    courts: Math.round(courts * hours * courtFeePerHour),
    shuttles: shuttlesUsed * pricePerShuttle,
    other: sum(otherCosts.map((c) => c.amount)),
    total: 0,
  };
  costs.total = costs.courts + costs.shuttles + costs.other;

  // Income as docs/MONEY.md counts money: paid payments (a cancelled booking that paid too), passes apart.
  let fees = 0;
  let passes = 0;
  for (const b of bookings) {
    const payment = paymentOf(session.price, b);
    if (payment.status !== 'paid') continue;
    if (payment.passId) passes += payment.amount;
    else fees += payment.amount;
  }
  const accepted = bookings.filter((b) => b.status === 'accepted');
  const present = accepted.filter((b) => b.attendance === 'attended');
  const playersPresent = sum(present.map((b) => b.partySize));

  let shares: SettlementShare[];
  if (split === 'perHead') {
    const perHead = playersPresent > 0 ? roundShareUp(costs.total / playersPresent) : 0;
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
    income: fees + passes,
    incomeParts: { fees, passes },
    balance: fees + passes - costs.total,
    playersPresent,
    shares,
    closedAt: null,
  };
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
