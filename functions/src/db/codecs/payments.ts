import { PAYMENT_METHODS, SETTLEMENT_SPLITS, type Settlement, taipeiDate } from '@shuttle/shared';
import { itemCodec } from '../codec.ts';
import { index, key } from '../keys.ts';
import * as z from '../schema.ts';

/** Season passes, the night's settlement and the team's shuttle stock (docs/MONEY.md, docs/ON-COURT.md). */

/** Passes sold before a start date existed start on the Taipei day they were sold (docs/MONEY.md). */
const withStart = (item: unknown) => {
  if (!item || typeof item !== 'object') return item;
  const { validFrom, soldAt } = item as { validFrom?: unknown; soldAt?: unknown };
  return !validFrom && typeof soldAt === 'string' ? { ...item, validFrom: taipeiDate(soldAt) } : item;
};

export const passSchema = /* @__PURE__ */ z.lazy(() =>
  z.preprocess(
    withStart,
    z.object({
      type: z.literal('pass'),
      passId: z.string(),
      teamId: z.string(),
      teamName: z.string(),
      userId: z.string(),
      playerName: z.string(),
      name: z.string(),
      /** Sessions it covers; null for a date-range pass (any number of sessions in the range). */
      credits: z.number().nullable(),
      remaining: z.number().nullable(),
      /** The first valid Taipei date (filled in from `soldAt` on passes stored without one). */
      validFrom: z.string(),
      validUntil: z.string(),
      price: z.number(),
      soldAt: z.string(),
      soldBy: z.string(),
      method: z.enum(PAYMENT_METHODS),
      /** The player deleted their account: the pass stays for the team under an anonymous name (docs/PRIVACY.md). */
      anonymised: z.boolean().optional(),
    }),
  ),
);

/**
 * A season pass as stored (key `TEAM#teamId / PASS#passId`, GSI2 `USER#userId#PASSES`). The id
 * starts with the last valid Taipei date, so a Query from today reads only passes still valid.
 */
export type PassRecord = z.output<typeof passSchema>;

export const passCodec = /* @__PURE__ */ itemCodec({
  name: 'pass',
  schema: passSchema,
  keys: (p) => ({ ...key.pass(p.teamId, p.passId), ...index.passesOfUser(p.userId, p.passId) }),
});

const otherCost = /* @__PURE__ */ z.lazy(() => z.object({ label: z.string(), amount: z.number() }));

/**
 * What an admin set on a session's settlement (key `SESSION#id / SETTLEMENT`); unset fields take
 * their defaults (docs/ON-COURT.md, "Settlement").
 */
const settlementInputs = () => ({
  courtFeePerHour: z.number().optional(),
  courts: z.number().optional(),
  shuttlesUsed: z.number().optional(),
  pricePerShuttle: z.number().optional(),
  otherCosts: z.array(otherCost).optional(),
  split: z.enum(SETTLEMENT_SPLITS).optional(),
});
export const settlementInputsSchema = /* @__PURE__ */ z.lazy(() => z.object(settlementInputs()));
export type SettlementInputs = z.output<typeof settlementInputsSchema>;

export const settlementSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('settlement'),
    ...settlementInputs(),
    sessionId: z.string(),
    teamId: z.string(),
    startsAt: z.string(),
    title: z.string(),
    version: z.number(),
    status: z.enum(['open', 'closed']),
    updatedAt: z.string(),
    /**
     * Set by `settlement/close`: the costs and shares as they were, never recomputed (income is:
     * `closedView`). Kept as answered, so it is checked to be an object only (a later answer shape
     * must not turn old ones corrupt).
     */
    closed: z.custom<Settlement>((value) => typeof value === 'object' && value !== null).optional(),
    closedAt: z.string().optional(),
    /** The admin who closed it. */
    closedBy: z.string().optional(),
    /** Every reopening (`settlement/reopen`), oldest first, the last SETTLEMENT_LIMITS.reopenedKept. */
    reopened: z.array(z.object({ by: z.string(), adminId: z.string(), at: z.string() })).optional(),
  }),
);

/** The settlement item as stored. While `open` the figures are computed on every read; `closed` keeps them. */
export type SettlementRecord = z.output<typeof settlementSchema>;

export const settlementCodec = /* @__PURE__ */ itemCodec({
  name: 'settlement',
  schema: settlementSchema,
  keys: (s) => ({ ...key.settlement(s.sessionId), ...index.settlementsOfTeam(s.teamId, s.startsAt, s.sessionId) }),
});

export const shuttleStockSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('shuttles'),
    teamId: z.string(),
    tubesBought: z.number().optional(),
    shuttlesUsed: z.number().optional(),
    pricePerShuttle: z.number().optional(),
    lowStockTubes: z.number().optional(),
    /** The court fee of the team's last closed settlement: the next one's default. */
    courtFeePerHour: z.number().optional(),
    purchases: z.array(z.object({ at: z.string(), tubes: z.number(), pricePerTube: z.number() })).optional(),
  }),
);

/** The team's shuttle stock item (key `TEAM#id / SHUTTLES`), kept with UpdateItem only. */
export type ShuttleStockRecord = z.output<typeof shuttleStockSchema>;

export const shuttleStockCodec = /* @__PURE__ */ itemCodec({
  name: 'shuttles',
  schema: shuttleStockSchema,
  keys: (s) => key.teamShuttles(s.teamId),
});

const creditSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('credit'),
    teamId: z.string(),
    userId: z.string(),
    name: z.string(),
    balance: z.number(),
    updatedAt: z.string(),
  }),
);

/** A player's credit with a team (key `TEAM#teamId / CREDIT#userId`), kept with UpdateItem only. */
export type CreditRecord = z.output<typeof creditSchema>;

export const creditCodec = /* @__PURE__ */ itemCodec({
  name: 'credit',
  schema: creditSchema,
  keys: (c) => key.credit(c.teamId, c.userId),
});
