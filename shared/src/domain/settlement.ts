import type { OtherCost } from '../schemas/settlement.ts';

/** Shares of a `perHead` split are rounded up to whole NT$10. */
export const SHARE_ROUNDING = 10;

/** What a night costs, from the figures an admin types (docs/ON-COURT.md, "Settlement"). */
export interface CostInputs {
  courts: number;
  /** The session's length in hours (may be fractional). */
  hours: number;
  courtFeePerHour: number;
  shuttlesUsed: number;
  pricePerShuttle: number;
  otherCosts: readonly Pick<OtherCost, 'amount'>[];
}

/**
 * The night's costs: courts x hours x fee (rounded to the dollar), shuttles used x their price,
 * the other costs, and their total. The server's settlement and the admin form's live totals
 * both compute them here, so what is typed is what will be saved.
 */
export function settlementCostsOf(inputs: CostInputs) {
  const courts = Math.round(inputs.courts * inputs.hours * inputs.courtFeePerHour);
  const shuttles = inputs.shuttlesUsed * inputs.pricePerShuttle;
  const other = inputs.otherCosts.reduce((sum, c) => sum + c.amount, 0);
  return { courts, shuttles, other, total: courts + shuttles + other };
}

/** One player's share of a per-head split: the total over the players present, rounded up to NT$10 (0 with nobody). */
export const perHeadShare = (total: number, playersPresent: number) =>
  playersPresent > 0 ? Math.ceil(total / playersPresent / SHARE_ROUNDING) * SHARE_ROUNDING : 0;

/** A session's length in hours. */
export const sessionHours = (startsAt: string, endsAt: string) =>
  Math.max(0, Date.parse(endsAt) - Date.parse(startsAt)) / 3_600_000;

/** How long after closing the team's owner may still reopen a settlement. */
export const REOPEN_HOURS = 24;

/** Until when a settlement closed at `closedAt` can be reopened. */
export const reopenUntil = (closedAt: string) =>
  new Date(Date.parse(closedAt) + REOPEN_HOURS * 3_600_000).toISOString();
