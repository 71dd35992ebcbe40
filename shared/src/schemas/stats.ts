import * as z from 'zod';
import { id, isoDate } from './entities.ts';
import { level } from './payments.ts';
import { bandLevel, ratingBand } from './rating-band.ts';
import { route } from './routes.ts';

/**
 * A player's own games and rating (docs/ON-COURT.md, "Players see their own"): games played, won
 * and lost this evening, this month and all time (a game counts once it has a result), the
 * rating as a band on the 18-level table, its 30-day trend and frequent partners (names only).
 */

const counts = z.object({ evening: z.number().int(), month: z.number().int(), all: z.number().int() });

export const myStatsRequest = z.strictObject({ sessionId: id.optional() });
export const myStats = z.object({
  played: counts,
  won: counts,
  lost: counts,
  /** Null: no rated game yet, or ratings turned off. */
  rating: ratingBand.nullable(),
  trend: z.array(z.object({ date: isoDate, level: bandLevel })),
  partners: z.array(z.object({ name: z.string(), games: z.number().int() })),
  /** The player's ratings switch (`checkState/setting/ratings`). */
  ratingsOn: z.boolean(),
  /** The declared level (`checkState/setting/level`). */
  declaredLevel: level.nullable(),
  /** The level the games suggest (a range of whole levels), when it differs from the declared one; null: none. */
  suggested: z.object({ level, low: level, high: level }).nullable(),
});
export type MyStats = z.infer<typeof myStats>;

export const ratingsSwitchRequest = z.strictObject({ on: z.boolean() });
export const ratingsSwitch = z.object({ on: z.boolean() });
export const acceptSuggestedLevelRequest = z.strictObject({});

/** Member calls of a player's own games and rating, under `/api/`; spread into `memberRoutes`. */
export const statsMemberRoutes = {
  'checkState/stats/get': route({
    method: 'POST',
    auth: 'member',
    summary: "The player's own games, rating band, trend and partners",
    request: myStatsRequest,
    refs: { sessionId: 'ownBooking' },
    response: myStats,
  }),
  'checkState/setting/ratings': route({
    method: 'POST',
    auth: 'member',
    summary: 'Turn the rating on or off',
    request: ratingsSwitchRequest,
    response: ratingsSwitch,
  }),
  'checkState/stats/acceptSuggestedLevel': route({
    method: 'POST',
    auth: 'member',
    summary: 'Take the suggested level',
    request: acceptSuggestedLevelRequest,
    response: z.object({ level }),
  }),
} as const;
