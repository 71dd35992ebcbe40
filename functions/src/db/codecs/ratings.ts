import { itemCodec } from '../codec.ts';
import { key } from '../keys.ts';
import * as z from '../schema.ts';

const ratingSchema = z.object({
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
});

/**
 * A player's rating item, `USER#<id>` / `RATING` (docs/ON-COURT.md, "Ratings"): the model's
 * skill, rated games and a `version` every write is conditioned on.
 */
export type RatingItem = z.output<typeof ratingSchema>;

export const ratingCodec = itemCodec({ name: 'rating', schema: ratingSchema, keys: (r) => key.rating(r.userId) });
