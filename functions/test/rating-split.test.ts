import { describe, expect, it } from 'vitest';
import { setup, syncCheckIns } from '../src/rotation/engine.ts';
import type { CheckedInPlayer } from '../src/rotation/model.ts';
import { firstRating, winChance } from '../src/rotation/ratings.ts';
import { splitTeams } from '../src/rotation/rules.ts';

/** The `balanced` split by ratings (docs/ON-COURT.md, "Ratings"): the pairs with the closest predicted win chance. */
const board = (players: CheckedInPlayer[]) =>
  syncCheckIns(setup(null, { courts: [1], mode: 'doubles', rule: 'balanced' }), players);
const at = '2026-12-01T11:00:00.000Z';
const sideOf = (teams: [string[], string[]], id: string) => (teams[0].includes(id) ? 0 : 1);

describe('balanced split by rating', () => {
  it('pairs the two strongest by rating apart although their declared levels are equal', () => {
    const state = board([
      { userId: 'a', name: 'A', level: 9, checkedInAt: at, skill: 40 },
      { userId: 'b', name: 'B', level: 9, checkedInAt: at, skill: 38 },
      { userId: 'c', name: 'C', level: 9, checkedInAt: at },
      { userId: 'd', name: 'D', level: 9, checkedInAt: at },
    ]);
    const teams = splitTeams(state, ['a', 'b', 'c', 'd'], []);
    expect(sideOf(teams, 'a')).not.toBe(sideOf(teams, 'b'));
  });

  it('uses declared levels where nobody has a rating, and rated skill over a declared level', () => {
    const byLevel = board([
      { userId: 'a', name: 'A', level: 18, checkedInAt: at },
      { userId: 'b', name: 'B', level: 17, checkedInAt: at },
      { userId: 'c', name: 'C', level: 2, checkedInAt: at },
      { userId: 'd', name: 'D', level: 1, checkedInAt: at },
    ]);
    const teams = splitTeams(byLevel, ['a', 'b', 'c', 'd'], []);
    expect(sideOf(teams, 'a')).toBe(sideOf(teams, 'd'));
    // Declared 18, but rated as a beginner: now the one who declared 17 is paired with the weakest.
    const rated = board([
      { userId: 'a', name: 'A', level: 18, checkedInAt: at, skill: firstRating(1).mu },
      { userId: 'b', name: 'B', level: 17, checkedInAt: at },
      { userId: 'c', name: 'C', level: 2, checkedInAt: at },
      { userId: 'd', name: 'D', level: 1, checkedInAt: at },
    ]);
    const split = splitTeams(rated, ['a', 'b', 'c', 'd'], []);
    expect(sideOf(split, 'b')).not.toBe(sideOf(split, 'c'));
    // The chosen split is the one whose predicted win chance is closest to 50% among the three.
    const skill = (id: string) => ({
      mu:
        rated.players.find((p) => p.userId === id)!.skill ??
        firstRating(rated.players.find((p) => p.userId === id)!.level).mu,
      sigma: 25 / 3,
    });
    const chance = (t: [string[], string[]]) => Math.abs(winChance([t[0].map(skill), t[1].map(skill)]) - 0.5);
    const options: [string[], string[]][] = [
      [
        ['a', 'd'],
        ['b', 'c'],
      ],
      [
        ['a', 'c'],
        ['b', 'd'],
      ],
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ];
    expect(chance(split)).toBeCloseTo(Math.min(...options.map(chance)), 12);
  });
});
