import * as z from 'zod';
import { id, isoDate } from './entities.ts';
import { level } from './payments.ts';
import { route } from './routes.ts';

/**
 * A player's own games and rating (docs/ON-COURT.md, "Players see their own"): games played, won
 * and lost this evening, this month and all time (a game counts once it has a result), the
 * rating as a band on the 18-level table, its 30-day trend and frequent partners (names only).
 */

/** A level on the 18-level table with one decimal, so one game's move shows. */
const bandLevel = z.number().min(1).max(18);

/** A rating as a band: 1 <= low <= level <= high <= 18; provisional until 10 rated games. */
export const ratingBand = z.object({
  level: bandLevel,
  low: bandLevel,
  high: bandLevel,
  provisional: z.boolean(),
  games: z.number().int().min(0),
});
export type RatingBand = z.infer<typeof ratingBand>;

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
    summary:
      "The player's own games (played, won, lost: the evening, the month, all time), rating band, 30-day trend and frequent partners; `sessionId` picks the evening (default: the player's latest session today)",
    request: myStatsRequest,
    refs: { sessionId: 'ownBooking' },
    response: myStats,
  }),
  'checkState/setting/ratings': route({
    method: 'POST',
    auth: 'member',
    summary:
      'Turn the rating on or off: off, games are still counted, but no rating or suggested level is shown to the player, and admins see none',
    request: ratingsSwitchRequest,
    response: ratingsSwitch,
  }),
  'checkState/stats/acceptSuggestedLevel': route({
    method: 'POST',
    auth: 'member',
    summary: 'Take the level the games suggest as the declared level (409 NO_SUGGESTED_LEVEL when there is none)',
    request: acceptSuggestedLevelRequest,
    response: z.object({ level }),
  }),
} as const;
