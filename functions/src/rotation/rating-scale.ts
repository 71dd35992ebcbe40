/**
 * The 18-level table on the rating model's scale (docs/ON-COURT.md, "Ratings"): level L is
 * skill mu = 25 + (L - 9.5) * 2, so level 1 is 8 and level 18 is 42; a player without a declared
 * level counts as 9. Plain arithmetic without the rating library, so the `balanced` split
 * (rules.ts) can use it in every bundle.
 */
export const LEVEL_STEP = 2;
/** A first rating's uncertainty: the model's default, wide (about ±4 levels). */
export const FIRST_SIGMA = 25 / 3;
const UNKNOWN = 9;

/** The model's mu of a declared level (null: counts as 9). */
export const muOfLevel = (level: number | null): number => 25 + ((level ?? UNKNOWN) - 9.5) * LEVEL_STEP;

/** `mu` on the 18-level table (not rounded, clamped to 1..18). */
export const levelOfMu = (mu: number): number => Math.min(18, Math.max(1, 9.5 + (mu - 25) / LEVEL_STEP));

/** Provisional until this many rated games (docs/ON-COURT.md, "Ratings"). */
export const PROVISIONAL_GAMES = 10;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * The band a player (or their team's admins) sees: level, low and high on the table with one
 * decimal (mu ± sigma), provisional under 10 games. Plain arithmetic, so the admin members list
 * can show it without the rating library in its bundle.
 */
export function ratingBand(r: { mu: number; sigma: number; games: number }) {
  const level = oneDecimal(levelOfMu(r.mu));
  return {
    level,
    low: Math.min(level, oneDecimal(levelOfMu(r.mu - r.sigma))),
    high: Math.max(level, oneDecimal(levelOfMu(r.mu + r.sigma))),
    provisional: r.games < PROVISIONAL_GAMES,
    games: r.games,
  };
}
