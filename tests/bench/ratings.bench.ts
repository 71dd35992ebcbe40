/**
 * `npm run bench:ratings` (`-- --json`: the figures as one JSON line at the end): ratings from
 * the court on the real engine (docs/ON-COURT.md, "Ratings"). 48 players with hidden true skills
 * (levels 1-18 on the model's scale) and declared levels that are off by up to 3 (a few by 5)
 * play 30 evenings of 16-28 players on 4 courts under `balanced`; each game's winner is drawn
 * from the true skills. Prints the Spearman rank correlation between rating and true skill when
 * players reach 5, 10, 20 and 40 rated games, the mean distance from 50% of each game's true win
 * chance with the split by ratings, by declared levels only and at random, and the cost of one
 * rating update. Seeded: the same figures every run.
 */
import { finish, setup, startNext, syncCheckIns } from '@shuttle/functions/rotation/engine.ts';
import type { RotationState } from '@shuttle/functions/rotation/model.ts';
import { rateEntry } from '@shuttle/functions/rotation/rated.ts';
import { muOfLevel } from '@shuttle/functions/rotation/rating-scale.ts';
import type { PlayerRating } from '@shuttle/functions/rotation/ratings.ts';

const PLAYERS = 48;
const EVENINGS = 30;
const COURTS = 4;
const GAMES_PER_EVENING = 36;
const CHECKPOINTS = [5, 10, 20, 40] as const;
const BETA = 25 / 6;
const T0 = Date.parse('2026-12-01T11:00:00.000Z');

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The standard normal CDF (Abramowitz-Stegun 7.1.26 through erf). */
function phi(x: number) {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

function spearman(xs: number[], ys: number[]) {
  const rank = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    order.forEach(([, i], k) => {
      r[i] = k;
    });
    return r;
  };
  const [rx, ry] = [rank(xs), rank(ys)];
  const n = xs.length;
  const d2 = rx.reduce((sum, r, i) => sum + (r - ry[i]!) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

type Split = 'ratings' | 'levels' | 'random';

function simulate(split: Split) {
  const random = rng(20261201);
  const trueLevel = Array.from({ length: PLAYERS }, () => 1 + random() * 17);
  const declared = trueLevel.map((l) => {
    const off = random() < 0.1 ? 5 : Math.round((random() * 2 - 1) * 3);
    return Math.min(18, Math.max(1, Math.round(l + off)));
  });
  const truth = trueLevel.map((l) => muOfLevel(l));
  const id = (n: number) => `u${n}`;
  const index = (userId: string) => Number(userId.slice(1));
  const store = new Map<string, PlayerRating>();
  const at: Record<number, Map<number, number>> = Object.fromEntries(CHECKPOINTS.map((k) => [k, new Map()]));
  const distances: number[] = [];
  let updates = 0;
  let updateMs = 0;
  let minute = 0;
  const chance = (teams: [string[], string[]]) => {
    const sum = (side: string[]) => side.reduce((s, u) => s + truth[index(u)]!, 0);
    return phi((sum(teams[0]) - sum(teams[1])) / Math.sqrt(4 * BETA * BETA));
  };
  for (let evening = 0; evening < EVENINGS; evening++) {
    const count = 16 + Math.floor(random() * 13);
    const present = Array.from({ length: PLAYERS }, (_, n) => n)
      .sort(() => random() - 0.5)
      .slice(0, count);
    let state: RotationState = setup(null, {
      courts: Array.from({ length: COURTS }, (_, i) => i + 1),
      mode: 'doubles',
      rule: 'balanced',
    });
    state = syncCheckIns(
      state,
      present.map((n) => {
        const r = store.get(id(n));
        return {
          userId: id(n),
          name: id(n),
          level: declared[n]!,
          checkedInAt: new Date(T0 + evening * 86_400_000).toISOString(),
          ...(split === 'ratings' && r && r.games > 0 ? { skill: r.mu } : {}),
        };
      }),
    );
    for (let g = 0; g < GAMES_PER_EVENING; g++) {
      const now = new Date(T0 + evening * 86_400_000 + ++minute * 60_000).toISOString();
      for (const court of state.courts) {
        if (state.games.some((x) => x.court === court)) continue;
        let out: ReturnType<typeof startNext>;
        try {
          out = startNext(state, court, now);
        } catch {
          continue;
        }
        state = out.state;
        let teams = out.game.teams;
        if (split === 'random') {
          const four = teams.flat().sort(() => random() - 0.5);
          teams = [four.slice(0, 2), four.slice(2)];
        }
        distances.push(Math.abs(chance(teams) - 0.5));
      }
      const oldest = [...state.games].sort((a, b) => a.startedAt.localeCompare(b.startedAt))[0]!;
      const winner = random() < chance(oldest.teams) ? 0 : 1;
      state = finish(state, oldest.court, { winner }, now);
      const entry = state.log.findLastIndex((l) => l.court === oldest.court && l.endedAt === now);
      const started = performance.now();
      const rated = rateEntry(state, entry, store);
      updateMs += performance.now() - started;
      updates += 1;
      // Under "levels" the board never learns the ratings (the split sees declared levels only).
      state = split === 'ratings' ? rated.state : { ...rated.state, players: state.players };
      for (const [u, r] of rated.changed) {
        store.set(u, r);
        const k = r.games as (typeof CHECKPOINTS)[number];
        if (at[k]) at[k].set(index(u), r.mu);
      }
    }
  }
  const correlation = Object.fromEntries(
    CHECKPOINTS.map((k) => {
      const players = [...at[k]!.keys()];
      const value =
        players.length < 3
          ? null
          : spearman(
              players.map((n) => at[k]!.get(n)!),
              players.map((n) => truth[n]!),
            );
      return [String(k), value === null ? null : Math.round(value * 1000) / 1000];
    }),
  );
  const distance = distances.reduce((a, b) => a + b, 0) / distances.length;
  const declaredCorrelation = spearman(declared, truth);
  return { correlation, distance, updateMs: updateMs / updates, games: updates, declaredCorrelation };
}

const byRatings = simulate('ratings');
const byLevels = simulate('levels');
const atRandom = simulate('random');
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const figures = {
  spearman: byRatings.correlation,
  distance: { ratings: round(byRatings.distance), levels: round(byLevels.distance), random: round(atRandom.distance) },
  updateMs: Math.round(byRatings.updateMs * 1000) / 1000,
};
console.log(`${PLAYERS} players, ${EVENINGS} evenings, ${byRatings.games} rated games (balanced, ${COURTS} courts)`);
console.log(`declared levels vs true skill: Spearman ${byRatings.declaredCorrelation.toFixed(3)}`);
for (const k of CHECKPOINTS)
  console.log(`rating vs true skill at ${k} games: Spearman ${figures.spearman[k] ?? 'n/a'}`);
console.log(
  `mean distance of a game's true win chance from 50%: ratings ${figures.distance.ratings}, declared levels ${figures.distance.levels}, random ${figures.distance.random}`,
);
console.log(`rating update: ${figures.updateMs} ms a game (one process, a busy machine is slower)`);
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
