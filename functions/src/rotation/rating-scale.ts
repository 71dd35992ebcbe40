/**
 * The 18-level table on the rating model's scale (docs/ON-COURT.md, "Ratings"): level L is
 * skill mu = 25 + (L - 9.5) * 2, so level 1 is 8 and level 18 is 42; a player without a declared
 * level counts as 9. Plain arithmetic without the rating library, so the `balanced` split
 * (rules.ts) can use it in every bundle.
 */
export const LEVEL_STEP = 2;
const UNKNOWN = 9;

/** The model's mu of a declared level (null: counts as 9). */
export const muOfLevel = (level: number | null): number => 25 + ((level ?? UNKNOWN) - 9.5) * LEVEL_STEP;

/** `mu` on the 18-level table (not rounded, clamped to 1..18). */
export const levelOfMu = (mu: number): number => Math.min(18, Math.max(1, 9.5 + (mu - 25) / LEVEL_STEP));
