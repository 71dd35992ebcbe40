import * as z from 'zod';
import { SETTLEMENT_SPLITS } from '../constants.ts';
import { month, teamScope } from './admin/common.ts';
import { id, isoInstant, paymentDetails } from './entities.ts';
import { route } from './routes.ts';
import { isInvisible, nameText } from './text.ts';

// The night's settlement, the team's shuttle stock and where players pay (docs/ON-COURT.md, "Settlement").

/** A tube (筒) of shuttles holds 12. */
export const SHUTTLES_PER_TUBE = 12;
export const SETTLEMENT_LIMITS = {
  courtFeePerHourMax: 10_000,
  courtsMax: 20,
  shuttlesUsedMax: 1_000,
  pricePerShuttleMax: 1_000,
  otherCostsMax: 10,
  otherCostMax: 100_000,
  tubesMax: 500,
  pricePerTubeMax: 10_000,
  lowStockTubesMax: 100,
  /** Purchases the stock keeps for display (newest first). */
  purchasesKept: 20,
  /** Reopenings a settlement keeps in its log (newest last). */
  reopenedKept: 20,
} as const;
export const DEFAULT_LOW_STOCK_TUBES = 2;

const ntd = (max: number) => z.number().int().nonnegative().max(max);
const signedNtd = z.number().int();

export const settlementSplit = z.enum(SETTLEMENT_SPLITS);
export type SettlementSplit = z.infer<typeof settlementSplit>;

/** One other cost of the night (air-con, a towel for the floor), NT$. */
export const otherCost = z.strictObject({
  label: nameText(40).min(1),
  amount: ntd(SETTLEMENT_LIMITS.otherCostMax),
});
export type OtherCost = z.infer<typeof otherCost>;

export const settlementRequest = z.strictObject({ sessionId: id });
/** `early`: the admin confirmed closing before the session's end (without it: 409 SESSION_NOT_ENDED). */
export const closeSettlementRequest = settlementRequest.extend({ early: z.boolean().optional() });
export const updateSettlementRequest = z.strictObject({
  sessionId: id,
  courtFeePerHour: ntd(SETTLEMENT_LIMITS.courtFeePerHourMax).optional(),
  /** Courts paid for; default the session's courts. */
  courts: z.number().int().min(1).max(SETTLEMENT_LIMITS.courtsMax).optional(),
  shuttlesUsed: ntd(SETTLEMENT_LIMITS.shuttlesUsedMax).optional(),
  pricePerShuttle: ntd(SETTLEMENT_LIMITS.pricePerShuttleMax).optional(),
  /** Replaces the whole list. */
  otherCosts: z.array(otherCost).max(SETTLEMENT_LIMITS.otherCostsMax).optional(),
  split: settlementSplit.optional(),
});
export type UpdateSettlementRequest = z.input<typeof updateSettlementRequest>;

export const settlementCosts = z.object({
  courts: z.number().int().nonnegative(),
  shuttles: z.number().int().nonnegative(),
  other: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export const settlementShare = z.object({
  userId: id,
  name: z.string(),
  partySize: z.number().int().positive(),
  amount: z.number().int().nonnegative(),
});
export type SettlementShare = z.infer<typeof settlementShare>;

export const settlement = z.object({
  sessionId: id,
  status: z.enum(['open', 'closed']),
  version: z.number().int().nonnegative(),
  courts: z.number().int().nonnegative(),
  /** The session's length in hours (may be fractional). */
  hours: z.number().nonnegative(),
  courtFeePerHour: z.number().int().nonnegative(),
  shuttlesUsed: z.number().int().nonnegative(),
  pricePerShuttle: z.number().int().nonnegative(),
  otherCosts: z.array(otherCost),
  split: settlementSplit,
  costs: settlementCosts,
  /** Fees paid plus passes used for the session, NT$. */
  income: z.number().int().nonnegative(),
  incomeParts: z.object({ fees: z.number().int().nonnegative(), passes: z.number().int().nonnegative() }),
  /** income - costs.total. */
  balance: signedNtd,
  /** Players checked in (parties counted by size). */
  playersPresent: z.number().int().nonnegative(),
  shares: z.array(settlementShare),
  /**
   * Where `courts` comes from: typed by an admin (`set`), the courts the rotation board used that
   * evening (`board`), else the session's (`session`).
   */
  courtsFrom: z.enum(['set', 'board', 'session']),
  closedAt: isoInstant.nullable(),
  /** Who closed it (an admin's name); null while open. */
  closedBy: z.string().nullable(),
  /** Until when the team's owner may reopen it (24 h after closing); null while open. */
  reopenUntil: isoInstant.nullable(),
  /** Every reopening: who and when, oldest first. */
  reopened: z.array(z.object({ by: z.string(), at: isoInstant })),
});
export type Settlement = z.infer<typeof settlement>;

export const settlementMonthRequest = teamScope.extend({ month });
export const settlementMonth = z.object({
  month,
  sessions: z.array(
    z.object({
      sessionId: id,
      title: z.string(),
      startsAt: isoInstant,
      costs: z.number().int().nonnegative(),
      income: z.number().int().nonnegative(),
      balance: signedNtd,
      closedAt: isoInstant,
    }),
  ),
  total: z.object({
    costs: z.number().int().nonnegative(),
    income: z.number().int().nonnegative(),
    balance: signedNtd,
  }),
});
export type SettlementMonth = z.infer<typeof settlementMonth>;

export const shuttleStock = z.object({
  tubesBought: z.number().int().nonnegative(),
  shuttlesUsed: z.number().int().nonnegative(),
  /** tubesBought x 12 - shuttlesUsed; below zero when purchases were not recorded. */
  shuttlesLeft: z.number().int(),
  /** The latest purchase's price per tube / 12, rounded; 0 before any purchase. */
  pricePerShuttle: z.number().int().nonnegative(),
  lowStockTubes: z.number().int().nonnegative(),
  /** shuttlesLeft < lowStockTubes x 12 (never while lowStockTubes is 0). */
  low: z.boolean(),
  purchases: z.array(
    z.object({ at: isoInstant, tubes: z.number().int().positive(), pricePerTube: z.number().int().nonnegative() }),
  ),
});
export type ShuttleStock = z.infer<typeof shuttleStock>;
export const addShuttlePurchaseRequest = teamScope.extend({
  tubes: z.number().int().min(1).max(SETTLEMENT_LIMITS.tubesMax),
  pricePerTube: ntd(SETTLEMENT_LIMITS.pricePerTubeMax),
});
export const updateShuttleThresholdRequest = teamScope.extend({
  lowStockTubes: ntd(SETTLEMENT_LIMITS.lowStockTubesMax),
});

export const PAYMENT_DETAILS_LIMITS = { accountNameMax: 50 } as const;

const httpsUrl = z.url({ protocol: /^https$/ });
/** Visible ASCII only: no spaces, and no letters of other scripts that look like Latin ones. */
const PLAIN_LINK = /^[\x21-\x7e]*$/;

/**
 * Where players pay (docs/ON-COURT.md, "Where to pay"): an https link on any host, in its plain
 * ASCII form, never with a user name or password, invisible characters or direction controls
 * (U+202A-202E, U+2066-2069, U+200E/F, U+061C), which make a link read differently from where it
 * goes. Empty: none. One string with one message per refusal, so the 400 says what is wrong.
 */
const payLink = z
  .string()
  .max(300)
  .refine((v) => ![...v].some(isInvisible), 'Links must not contain invisible characters or direction controls')
  .refine(
    (v) => PLAIN_LINK.test(v),
    'Links must be plain https addresses: ASCII letters, digits and URL punctuation (an international host in its xn-- form)',
  )
  .refine((v) => v === '' || httpsUrl.safeParse(v).success, 'Links must be https addresses (https://...)')
  .refine((v) => !/^https:\/\/[^/]*@/.test(v), 'No credentials in links');
export const updatePaymentDetailsRequest = teamScope
  .extend({
    /** 戶名, as the bank shows it; optional so callers of before it keep working. */
    accountName: nameText(PAYMENT_DETAILS_LIMITS.accountNameMax).default(''),
    bankCode: z.union([
      z.literal(''),
      z
        .string()
        .max(3)
        .regex(/^\d{3}$/, 'Expected 3 digits'),
    ]),
    bankAccount: z
      .string()
      .max(40)
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.union([z.literal(''), z.string().regex(/^\d{6,16}$/, 'Expected 6 to 16 digits')])),
    linePayUrl: payLink,
    jkoPayUrl: payLink,
  })
  .refine((v) => (v.bankCode === '') === (v.bankAccount === ''), {
    message: 'Bank code and account go together',
    path: ['bankAccount'],
  })
  .refine((v) => v.bankAccount !== '' || v.accountName === '', {
    message: 'An account holder name needs a bank account',
    path: ['accountName'],
  });

/**
 * Who may change the payment details (docs/MONEY.md, "Who changes where players pay"): `yes` for
 * an owner of the team with a verified email; `ownerOnly` for a co-admin, who sees them read only;
 * `verifyEmail` for an owner who has not verified their email yet.
 */
export const paymentDetailsEditable = z.enum(['yes', 'ownerOnly', 'verifyEmail']);
export type PaymentDetailsEditable = z.infer<typeof paymentDetailsEditable>;
export const paymentDetailsSettings = paymentDetails.extend({ editable: paymentDetailsEditable });
export type PaymentDetailsSettings = z.infer<typeof paymentDetailsSettings>;

/** Admin calls of settlement, shuttle stock and payment details, under `/api/admin/`; spread into `adminRoutes`. */
export const settlementAdminRoutes = {
  'settlement/get': route({
    method: 'POST',
    auth: 'admin',
    summary: "A session's settlement: costs (courts, shuttles, other), income, balance and shares (NT$)",
    request: settlementRequest,
    refs: { sessionId: 'teamSession' },
    response: settlement,
  }),
  'settlement/update': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Change an open settlement: court fee per hour, courts, shuttles used and their price, other costs, split',
    request: updateSettlementRequest,
    refs: { sessionId: 'teamSession' },
    response: settlement,
  }),
  'settlement/close': route({
    method: 'POST',
    auth: 'admin',
    summary:
      "Close a settlement: its costs and shares are kept; a per-head share becomes each present player's amount owed; shuttles used leave the stock. Before the session's end only with early: true (else 409 SESSION_NOT_ENDED)",
    request: closeSettlementRequest,
    refs: { sessionId: 'teamSession' },
    response: settlement,
  }),
  'settlement/reopen': route({
    method: 'POST',
    auth: 'admin',
    summary:
      "Reopen a closed settlement (the team's owner, within 24 h of closing; logged): shares leave the bookings, shuttles go back to the stock. 403 OWNER_ONLY, 409 REOPEN_EXPIRED, 409 REFUND_SETTLED",
    request: settlementRequest,
    refs: { sessionId: 'teamSession' },
    response: settlement,
  }),
  'settlement/month': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Closed settlements of a Taipei month: costs, income and balance per session and in total',
    request: settlementMonthRequest,
    refs: { teamId: 'team' },
    response: settlementMonth,
  }),
  'shuttles/get': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's shuttle stock: tubes bought, shuttles used and left, the low-stock warning",
    request: teamScope,
    refs: { teamId: 'team' },
    response: shuttleStock,
  }),
  'shuttles/addPurchase': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Record tubes of shuttles bought and their price per tube',
    request: addShuttlePurchaseRequest,
    refs: { teamId: 'team' },
    response: shuttleStock,
  }),
  'shuttles/updateThreshold': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Warn when fewer than this many tubes are left (0: never)',
    request: updateShuttleThresholdRequest,
    refs: { teamId: 'team' },
    response: shuttleStock,
  }),
  'setting/getPaymentDetails': route({
    method: 'POST',
    auth: 'admin',
    summary:
      "The team's bank code, account holder name and account and LINE Pay / JKO Pay links, and whether the caller may change them (editable)",
    request: teamScope,
    refs: { teamId: 'team' },
    response: paymentDetailsSettings,
  }),
  'setting/updatePaymentDetails': route({
    method: 'POST',
    auth: 'admin',
    summary:
      "Set where players pay: bank code (3 digits), account holder name (戶名) and account, LINE Pay and JKO Pay links (plain https); '' clears. Owners with a verified email only (403 OWNER_ONLY, EMAIL_NOT_VERIFIED); every change emails the team's owners the old and new details",
    request: updatePaymentDetailsRequest,
    refs: { teamId: 'ownedTeam' },
    response: paymentDetailsSettings,
  }),
} as const;
