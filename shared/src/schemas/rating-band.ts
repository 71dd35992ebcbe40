import * as z from 'zod';

/** A level on the 18-level table with one decimal, so one game's move shows. */
export const bandLevel = z.number().min(1).max(18);

/** A rating as a band: 1 <= low <= level <= high <= 18; provisional until 10 rated games. */
export const ratingBand = z.object({
  level: bandLevel,
  low: bandLevel,
  high: bandLevel,
  provisional: z.boolean(),
  games: z.number().int().min(0),
});
export type RatingBand = z.infer<typeof ratingBand>;
