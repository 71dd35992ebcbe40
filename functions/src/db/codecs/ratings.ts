import { itemCodec } from '../codec.ts';
import { key } from '../keys.ts';
import * as z from '../schema.ts';

const ratingSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('rating'),
    userId: z.string(),
    mu: z.number(),
    sigma: z.number(),
    /** Rated games. */
    games: z.number(),
    version: z.number(),
    updatedAt: z.string(),
    /** The level at the end of each day rated (at most 45 days kept, for the trend). */
    trend: z.array(z.object({ date: z.string(), level: z.number() })),
    /** The player turned ratings off (`checkState/setting/ratings`): kept and moved, shown to nobody. */
    off: z.boolean().optional(),
    // The game counts written with the rating (`#rotation/player-stats.ts` GameStats).
    won: z.number().optional(),
    lost: z.number().optional(),
    /** The latest month's counts, `YYYY-MM` in Taipei. */
    month: z.object({ month: z.string(), played: z.number(), won: z.number(), lost: z.number() }).optional(),
    /** Partner's user id -> rated games together (at most 30 kept, guests not). */
    partners: z.record(z.string(), z.number()).optional(),
    lastSessionId: z.string().optional(),
    lastPlayedAt: z.string().optional(),
    /** Teams the player played rated games with, latest first (at most 20; their admins may see the band). */
    teams: z.array(z.string()).optional(),
  }),
);

/**
 * A player's rating item, `USER#<id>` / `RATING` (docs/ON-COURT.md, "Ratings"): the model's
 * skill, rated games, a `version` every write is conditioned on, the trend, the game counts and
 * the ratings switch. An item with no rated game (`games` 0) holds no rating: the declared level is.
 */
export type RatingItem = z.output<typeof ratingSchema>;

export const ratingCodec = /* @__PURE__ */ itemCodec({
  name: 'rating',
  schema: ratingSchema,
  keys: (r) => key.rating(r.userId),
});
