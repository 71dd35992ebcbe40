import type { ScoringPoints } from '../constants.ts';

/**
 * A team's scoring (docs/ON-COURT.md, "Scores"): games to 21, 15 or 11 points, won by 2, capped
 * at 30, 21 and 15 (at the cap one point wins: 30-29), never drawn. Pure, so the server refuses
 * an impossible score and the board offers only possible ones from one rule.
 */

/** The most points a game to `points` can reach (the side that gets there wins by one). */
export const scoringCap = (points: ScoringPoints): number => ({ 21: 30, 15: 21, 11: 15 })[points];

/** Why `score` cannot end a game to `points` (`draw`, `short`, `overCap`, `margin`), or null when it can. */
export function scoreProblem(
  points: ScoringPoints,
  score: readonly [number, number],
): 'draw' | 'short' | 'overCap' | 'margin' | null {
  const [a, b] = score;
  const high = Math.max(a, b);
  const low = Math.min(a, b);
  const cap = scoringCap(points);
  if (a === b) return 'draw';
  if (high < points) return 'short';
  if (high > cap) return 'overCap';
  if (high === points) return low <= points - 2 ? null : 'margin';
  // Past the target the game ends on a 2-point lead, or at the cap with one.
  if (low === high - 2 || (high === cap && low === cap - 1)) return null;
  return 'margin';
}

/** The winning side of a valid score: 0 or 1. */
export const scoreWinner = (score: readonly [number, number]): 0 | 1 => (score[0] > score[1] ? 0 : 1);

/**
 * Every final score of a game to `points` as [winner's points, loser's points], the commonest
 * first: points-0 … points-(points-2), then the deuce endings up to the cap.
 */
export function finalScores(points: ScoringPoints): [number, number][] {
  const scores: [number, number][] = [];
  for (let low = points - 2; low >= 0; low--) scores.push([points, low]);
  const cap = scoringCap(points);
  for (let high = points + 1; high <= cap; high++) scores.push([high, high - 2]);
  scores.push([cap, cap - 1]);
  return scores;
}
