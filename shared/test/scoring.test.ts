import { describe, expect, it } from 'vitest';
import { SCORING_POINTS } from '../src/constants.ts';
import { finalScores, scoreProblem, scoringCap } from '../src/domain/scoring.ts';

describe('scoring (docs/ON-COURT.md, "Scores")', () => {
  it('refuses the impossible scores of a game to 21 with the reason', () => {
    expect(scoreProblem(21, [21, 21])).toBe('draw');
    expect(scoreProblem(21, [22, 21])).toBe('margin');
    expect(scoreProblem(21, [21, 20])).toBe('margin');
    expect(scoreProblem(21, [31, 29])).toBe('overCap');
    expect(scoreProblem(21, [20, 18])).toBe('short');
    expect(scoreProblem(21, [25, 20])).toBe('margin');
    for (const ok of [
      [21, 0],
      [21, 19],
      [19, 21],
      [22, 20],
      [30, 28],
      [30, 29],
      [29, 30],
    ] as const)
      expect(scoreProblem(21, ok), String(ok)).toBeNull();
  });

  it('offers exactly the scores it accepts, for each scoring', () => {
    for (const points of SCORING_POINTS) {
      const offered = new Set(finalScores(points).map(([a, b]) => `${a}-${b}`));
      const cap = scoringCap(points);
      for (let a = 0; a <= cap + 2; a++) {
        for (let b = 0; b < a; b++) {
          expect(offered.has(`${a}-${b}`), `${a}-${b} to ${points}`).toBe(scoreProblem(points, [a, b]) === null);
          expect(scoreProblem(points, [b, a])).toBe(scoreProblem(points, [a, b]));
        }
      }
    }
    expect(finalScores(11).at(-1)).toEqual([15, 14]);
    expect(finalScores(15).at(-1)).toEqual([21, 20]);
  });
});
