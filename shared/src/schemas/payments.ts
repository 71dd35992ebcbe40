import * as z from 'zod';
import { REFUND_AS } from '../constants.ts';
import { amount, id, isoDate, isoInstant, partySize, payment, paymentMethod } from './entities.ts';
import { nameText } from './text.ts';

// Money and attendance (docs/MONEY.md): payments per booking, season passes, the no-show rule,
// CSV exports and player levels. payment-routes.ts pairs these bodies with paths.

export const EXPORT_KINDS = ['revenue', 'attendance', 'members'] as const;

export const MONEY_LIMITS = {
  /** NT dollars a booking or a pass can cost. */
  maxAmount: 100_000,
  /** Transfer reference: e.g. the last 5 digits of the paying account. */
  referenceMax: 40,
  maxPassCredits: 100,
  maxPassDays: 366,
  passNameMax: 50,
  /** Days of a team's sessions the outstanding list looks back and ahead. */
  outstandingPastDays: 90,
  outstandingFutureDays: 60,
  maxNoShowLimit: 20,
  maxNoShowWindowDays: 365,
  maxNoShowPenaltyDays: 365,
  /** A player's own CSV history: the last year. */
  historyDays: 366,
} as const;

import { LEVEL_MAX, LEVEL_MIN } from '../levels.ts';

export { LEVEL_BANDS, LEVEL_MAX, LEVEL_MIN, type LevelBand, levelBandOf } from '../levels.ts';

export const level = z.number().int().min(LEVEL_MIN).max(LEVEL_MAX);
export const paymentReference = z
  .string()
  .trim()
  .min(1)
  .max(MONEY_LIMITS.referenceMax)
  .regex(/^[\p{L}\p{N} _.#-]+$/u, 'Letters, digits, spaces and _ . # - only');
const player = z.strictObject({ sessionId: id, userId: id });
export const markPaidRequest = player.extend({
  method: paymentMethod,
  /** The money taken (0 when the player's credit pays it all). */
  amount,
  reference: paymentReference.optional(),
  /** NT$ taken from the player's credit with the team on top of `amount` (docs/MONEY.md, "Refunds and credit"). */
  credit: amount.min(1).optional(),
});
/** What the team did with what a player paid above their per-head share. */
export const settleRefundRequest = player.extend({ as: z.enum(REFUND_AS) });

/** A player's credit with the team: what they paid above a per-head share and the team kept for later. */
export const teamCredit = z.object({
  userId: id,
  name: z.string(),
  balance: z.number().int().nonnegative(),
  updatedAt: isoInstant,
});
export type TeamCredit = z.infer<typeof teamCredit>;
export const teamCreditsRequest = z.strictObject({ teamId: id.optional() });
export const teamCredits = z.object({ credits: z.array(teamCredit) });
export const markUnpaidRequest = player;
export const paymentResult = z.object({ sessionId: id, userId: id, payment });

export const outstandingRequest = z.strictObject({ teamId: id.optional() });
export const outstandingItem = z.object({
  sessionId: id,
  title: z.string(),
  startsAt: isoInstant,
  userId: id,
  name: z.string(),
  partySize,
  amount,
  payment,
  /** The session has ended: an overdue debt, not one of a session still to come. */
  ended: z.boolean(),
  /**
   * A valid pass of the player that covers this booking (its dates hold the session's day and a
   * credit is left for it, credits handed out oldest session first), if any: such a row is not
   * owed money, only a tap to settle it with the pass.
   */
  passId: id.nullable(),
});
/** A paid booking whose player gave more than their per-head share and is owed the difference. */
export const refundItem = z.object({
  sessionId: id,
  title: z.string(),
  startsAt: isoInstant,
  userId: id,
  name: z.string(),
  payment,
  refundDue: amount,
});
export type RefundItem = z.infer<typeof refundItem>;
export const outstanding = z.object({
  items: z.array(outstandingItem),
  /** Refunds due in the same sessions, oldest session first (`payments/settleRefund`). */
  refunds: z.array(refundItem),
  /** Sum of the amounts owed: unpaid rows no pass covers (waived and pass-covered rows excluded). */
  total: z.number().int().nonnegative(),
  /** The part of `total` owed for sessions that have ended. */
  overdue: z.number().int().nonnegative(),
});
export type Outstanding = z.infer<typeof outstanding>;
export type OutstandingItem = z.infer<typeof outstandingItem>;

export const usePassRequest = player.extend({ passId: id });

export const pass = z.object({
  passId: id,
  teamId: id,
  teamName: z.string(),
  userId: id,
  playerName: z.string(),
  name: z.string(),
  /** Sessions it covers; null for a date-range pass (any number of sessions in the range). */
  credits: z.number().int().nonnegative().nullable(),
  remaining: z.number().int().nonnegative().nullable(),
  validFrom: isoDate,
  validUntil: isoDate,
  price: amount,
  soldAt: isoInstant,
});
export type Pass = z.infer<typeof pass>;

export const sellPassRequest = z
  .strictObject({
    teamId: id.optional(),
    userId: id,
    name: nameText(MONEY_LIMITS.passNameMax).min(1),
    credits: z.number().int().min(1).max(MONEY_LIMITS.maxPassCredits).nullable(),
    validFrom: isoDate,
    validUntil: isoDate,
    price: amount,
    method: paymentMethod,
  })
  .refine((v) => v.validFrom <= v.validUntil, {
    message: 'validFrom must not be after validUntil',
    path: ['validUntil'],
  })
  .refine((v) => (Date.parse(v.validUntil) - Date.parse(v.validFrom)) / 86_400_000 < MONEY_LIMITS.maxPassDays, {
    message: 'at most 366 days',
    path: ['validUntil'],
  });
export const passList = z.object({ passes: z.array(pass) });
/** Moves a pass's start date (`passes/update`); it must stay on or before the pass's last date. */
export const updatePassRequest = z.strictObject({ teamId: id.optional(), passId: id, validFrom: isoDate });
export const teamPassesRequest = z.strictObject({ teamId: id.optional() });

export const noShowRule = z.object({
  /** No-shows inside the window that suspend; 0 turns the rule off. */
  noShowLimit: z.number().int().min(0).max(MONEY_LIMITS.maxNoShowLimit),
  noShowWindowDays: z.number().int().min(1).max(MONEY_LIMITS.maxNoShowWindowDays),
  noShowPenaltyDays: z.number().int().min(1).max(MONEY_LIMITS.maxNoShowPenaltyDays),
  /** A cancellation inside the cancel window counts as half a no-show. */
  lateCancelCountsHalf: z.boolean(),
});
export type NoShowRule = z.infer<typeof noShowRule>;
export const DEFAULT_NO_SHOW_RULE: NoShowRule = {
  noShowLimit: 0,
  noShowWindowDays: 60,
  noShowPenaltyDays: 14,
  lateCancelCountsHalf: false,
};
export const noShowRuleRequest = z.strictObject({ teamId: id.optional() });
export const updateNoShowRuleRequest = noShowRule.extend({ teamId: id.optional() }).strict();
export const suspension = z.object({
  userId: id,
  name: z.string(),
  suspendedUntil: isoInstant,
  /** Why: the no-shows counted when the rule suspended. */
  noShows: z.number().nonnegative(),
});
export const suspensionList = z.object({ suspensions: z.array(suspension) });
export const liftSuspensionRequest = z.strictObject({ teamId: id.optional(), userId: id });

export const exportCsvRequest = z.strictObject({
  teamId: id.optional(),
  month: z
    .string()
    .max(7)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected YYYY-MM'),
  kind: z.enum(EXPORT_KINDS),
});
/** CSV text: UTF-8 with a BOM and a header row (`text/csv; charset=utf-8`). */
export const csvText = z.string();

export const paymentFigures = z.object({
  paid: z.number().int().nonnegative(),
  /** Owed for the month's sessions that have ended, the 收費 list's definition (no pass covers it, not waived). */
  outstanding: z.number().int().nonnegative(),
  waived: z.number().int().nonnegative(),
  passSales: z.number().int().nonnegative(),
});
export const paymentReportRequest = z.strictObject({ teamId: id.optional(), month: exportCsvRequest.shape.month });
export const paymentReport = paymentFigures.extend({ month: z.string() });

// Member calls.
/** The last 5 digits of the account the player transferred from: exactly five digits. */
export const transferDigits = z
  .string()
  .max(20)
  .trim()
  .regex(/^\d{5}$/, 'Expected the last 5 digits of your account');
export const reportTransferRequest = z.strictObject({ sessionId: id, reference: transferDigits });
export const myPassesRequest = z.strictObject({});
export const levelRequest = z.strictObject({ level: level.nullable() });
export const levelResult = z.object({ level: level.nullable() });
export const myHistoryCsvRequest = z.strictObject({});
export const mySuspensionRequest = z.strictObject({ teamId: id });
export const mySuspension = z.object({
  /** Null when the player may book the team's sessions. */
  suspendedUntil: isoInstant.nullable(),
  noShows: z.number().nonnegative(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
