import { predictWin, rate } from 'openskill';
import { FIRST_SIGMA, levelOfMu, muOfLevel, PROVISIONAL_GAMES } from './rating-scale.ts';

/**
 * Ratings from the court (docs/ON-COURT.md, "Ratings"; DECISIONS.md, "Ratings"): the Weng-Lin
 * Bayesian model of `openskill` (its default Plackett-Luce model; for two sides it is a logistic
 * comparison of the sides' summed skills), a skill `mu` with its uncertainty `sigma`. Pure.
 *
 * The 18-level table maps onto the model's scale linearly: level L is mu = 25 + (L - 9.5) * 2,
 * so level 1 is 8 and level 18 is 42 (the model's default mu 25 sits between levels 9 and 10, a
 * player without a declared level counts as 9, like the `balanced` rule). A first rating starts
 * there with sigma 25/3 (the model's default, about ±4 levels). The band shown is mu ± sigma on
 * the table, one decimal.
 */
export const RATING = {
  /** The first rating's uncertainty: the model's default, wide. */
  firstSigma: FIRST_SIGMA,
  /** Provisional until this many rated games. */
  provisionalGames: PROVISIONAL_GAMES,
  /** A result can be corrected or removed this long after its finish. */
  correctionMinutes: 30,
} as const;

export interface Skill {
  mu: number;
  sigma: number;
}

/** A player's rating: skill, uncertainty and rated games. */
export interface PlayerRating extends Skill {
  games: number;
}

/** What one game did to one player's rating (stored with the game, so a correction moves it back). */
export interface RatingChange {
  userId: string;
  before: Skill;
  after: Skill;
}

/** The first rating of a player who declared `level` (null: counts as 9). */
export function firstRating(level: number | null): PlayerRating {
  return { mu: muOfLevel(level), sigma: RATING.firstSigma, games: 0 };
}

export const levelOf = levelOfMu;

/** The new skills of both sides after a game `winner` (0: sides[0]) won. */
export function rateGame(sides: [Skill[], Skill[]], winner: 0 | 1): [Skill[], Skill[]] {
  const [a, b] = rate(
    sides.map((side) => side.map(({ mu, sigma }) => ({ mu, sigma }))),
    { rank: winner === 0 ? [1, 2] : [2, 1] },
  );
  return [a!.map(({ mu, sigma }) => ({ mu, sigma })), b!.map(({ mu, sigma }) => ({ mu, sigma }))];
}

/** The chance sides[0] wins, by the model. */
export function winChance(sides: [Skill[], Skill[]]): number {
  return predictWin(sides.map((side) => side.map(({ mu, sigma }) => ({ mu, sigma }))))[0]!;
}

/** Applies a game's change to a rating (one more game). */
export const applyChange = (current: PlayerRating, change: RatingChange): PlayerRating => ({
  mu: change.after.mu,
  sigma: change.after.sigma,
  games: current.games + 1,
});

/**
 * Moves a game's change back (a correction, docs/ON-COURT.md): the rating the game left is
 * restored exactly to what it was before; when later games moved it since, their moves stay and
 * only this game's move is taken out (later games are not replayed).
 */
export function revertChange(current: PlayerRating, change: RatingChange): PlayerRating {
  const games = Math.max(0, current.games - 1);
  if (current.mu === change.after.mu && current.sigma === change.after.sigma) return { ...change.before, games };
  return {
    mu: current.mu - (change.after.mu - change.before.mu),
    sigma: Math.max(0.1, current.sigma - (change.after.sigma - change.before.sigma)),
    games,
  };
}
