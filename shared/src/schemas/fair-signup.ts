import * as z from 'zod';
import { SIGNUP_MODES } from '../constants.ts';
import { instant } from './instant.ts';

/**
 * Fair sign-up contracts (docs/FAIR-SIGNUP.md): the opening lottery, time-limited waitlist
 * offers and the member priority window. Kept apart from entities.ts, which composes them.
 */

export const signupMode = z.enum(SIGNUP_MODES);
export type SignupMode = z.infer<typeof signupMode>;

export const FAIR_SIGNUP_LIMITS = {
  /** Length of the opening lottery window, minutes. */
  minLotteryMinutes: 1,
  maxLotteryMinutes: 1440,
  defaultLotteryMinutes: 10,
  /** How long a waitlist offer stays open, minutes (0: promote at once). */
  maxWaitlistOfferMinutes: 1440,
  /** Hours before sign-up opens that team members may already join. */
  maxMemberPriorityHours: 168,
  /** Offers never run past this many minutes before the start; inside it places go first-come to the waitlist. */
  offerCutoffMinutes: 60,
  /** Entries one lottery takes (the session item holds them; far below its 400 KB). */
  maxLotteryEntries: 2000,
} as const;

export const lotteryMinutes = z
  .number()
  .int()
  .min(FAIR_SIGNUP_LIMITS.minLotteryMinutes)
  .max(FAIR_SIGNUP_LIMITS.maxLotteryMinutes);
export const waitlistOfferMinutes = z.number().int().min(0).max(FAIR_SIGNUP_LIMITS.maxWaitlistOfferMinutes);
export const memberPriorityHours = z.number().int().min(0).max(FAIR_SIGNUP_LIMITS.maxMemberPriorityHours);

const clockTime = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
/**
 * A team's quiet hours for waitlist offers, Taipei `HH:MM` (docs/FAIR-SIGNUP.md, "Quiet hours and
 * shorter holds"): no offer starts or ends inside them, the hold clock pauses. Null: off.
 */
export const quietHours = z
  .strictObject({ start: clockTime, end: clockTime })
  .refine((v) => v.start !== v.end, { message: 'start and end differ' })
  .nullable();

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** One lottery entry as published: the public ticket (not the player's id) and the party size. */
export const lotteryEntry = z.object({ ticket: z.string().max(32), partySize: z.number().int().min(1) });

/**
 * A lottery session's public record. `seedHash` (SHA-256 hex of `seed`) is shown from the moment
 * the session is published; `seed`, the entries in the order they came and the drawn order
 * once the draw has run, so anyone can recompute the shuffle (docs/FAIR-SIGNUP.md).
 */
export const lottery = z.object({
  drawAt: instant,
  seedHash: sha256Hex,
  seed: z.string().nullable(),
  drawnAt: instant.nullable(),
  /** Entries in arrival order; empty before the draw. */
  entries: z.array(lotteryEntry),
  /** Tickets in drawn order; empty before the draw. */
  order: z.array(z.string()),
  /** How many entries the lottery took (parties, not seats), before and after the draw. */
  entryCount: z.number().int().nonnegative(),
  /** The caller's ticket, when they entered. */
  myTicket: z.string().nullable().optional(),
});
export type Lottery = z.infer<typeof lottery>;
