import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../functions/src/platform/errors.ts';
import { finish, setup, startNext, syncCheckIns } from '../../functions/src/rotation/engine.ts';
import type { RotationState } from '../../functions/src/rotation/model.ts';
import { applyStats, type GameStats, statsDeltas } from '../../functions/src/rotation/player-stats.ts';
import { correctEntry, rateEntry } from '../../functions/src/rotation/rated.ts';
import { firstRating, type PlayerRating } from '../../functions/src/rotation/ratings.ts';

/**
 * Ratings from the court (docs/ON-COURT.md, "Ratings"), driven by random evenings: games start
 * and finish with a winner, a score or no result, finishes are retried, and results are corrected
 * or removed. The ratings live in a map standing in for the rating items (guests on the board).
 * After every step: a game moves the ratings of its players once (a retried rating changes
 * nothing), nobody's rating moves from a game they did not play, and a correction of a game none
 * of whose players played since restores their ratings exactly. The last test plants a rater that
 * rates a game again on a retry and shows the property then fails.
 */

const T0 = Date.parse('2026-12-01T11:00:00.000Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

type Step =
  | { kind: 'start'; court: number }
  | { kind: 'finish'; court: number; winner: 0 | 1 | null; retry: boolean }
  | { kind: 'correct'; back: number; winner: 0 | 1 | null };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('start' as const), court: fc.nat(2) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('finish' as const),
      court: fc.nat(2),
      winner: fc.constantFrom(0 as const, 1 as const, null),
      retry: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('correct' as const),
      back: fc.nat(3),
      winner: fc.constantFrom(0 as const, 1 as const, null),
    }),
  },
);

interface Rater {
  rate: typeof rateEntry;
}
const REAL: Rater = { rate: rateEntry };

function evening(rater: Rater, players: number, guests: number, steps: Step[]) {
  let state: RotationState = setup(null, { courts: [1, 2, 3], mode: 'doubles', rule: 'balanced' });
  state = syncCheckIns(
    state,
    Array.from({ length: players }, (_, n) => ({
      userId: n < guests ? `guest_${n}` : `u${n}`,
      name: `P${n}`,
      level: n % 3 === 0 ? null : (n % 18) + 1,
      checkedInAt: at(0),
    })),
  );
  /** The stored ratings of players with an account; guests' are on the board. */
  const store = new Map<string, PlayerRating>();
  /** A player's rating as the next game would read it: stored, else the first from their declared level. */
  const ratingOf = (id: string) =>
    (id.startsWith('guest_') ? state.guestRatings?.[id] : store.get(id)) ??
    firstRating(state.players.find((p) => p.userId === id)?.level ?? null);
  const snapshot = () => new Map(state.players.map((p) => [p.userId, ratingOf(p.userId)]));
  /** Ratings before each log entry's result moved them, and the minute of its finish. */
  const beforeGame = new Map<number, Map<string, PlayerRating | undefined>>();
  /** Log entries whose players a correction of another game moved since (their snapshot is old). */
  const stale = new Set<number>();
  /** The game counts kept with each stored rating (player-stats.ts), moved as the calls move them. */
  const counts = new Map<string, GameStats>();
  const commit = (next: { state: RotationState; changed: Map<string, PlayerRating> }, at?: number) => {
    const was = at === undefined ? undefined : state.log[at];
    state = next.state;
    for (const [id, r] of next.changed) store.set(id, r);
    if (at === undefined) return;
    for (const [id, deltas] of statsDeltas(was, state.log[at], { sessionId: 'S1', teamId: 'T1' }))
      counts.set(id, applyStats(counts.get(id) ?? {}, deltas));
  };
  const only = (ids: string[], before: Map<string, PlayerRating | undefined>) => {
    for (const [id, r] of before)
      if (!ids.includes(id)) expect(ratingOf(id), `${id} moved by a game they did not play`).toEqual(r);
  };

  steps.forEach((s, i) => {
    const now = at(i + 1);
    if (s.kind === 'start') {
      try {
        state = startNext(state, s.court + 1, now).state;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    } else if (s.kind === 'finish') {
      const court = s.court + 1;
      if (!state.games.some((g) => g.court === court)) return;
      const before = snapshot();
      state = finish(state, court, s.winner === null ? {} : { winner: s.winner }, now);
      const entry = state.log.findLastIndex((l) => l.court === court && l.endedAt === now);
      beforeGame.set(entry, before);
      const ids = state.log[entry]!.teams.flat();
      commit(rater.rate(state, entry, store), entry);
      only(ids, before);
      for (const id of ids) {
        const was = before.get(id)!.games;
        expect(ratingOf(id).games, `${id}: rated once`).toBe(s.winner === null ? was : was + 1);
      }
      if (s.retry) {
        // The same game rated again (a retried write): nothing moves.
        const again = snapshot();
        commit(rater.rate(state, entry, store), entry);
        for (const [id, r] of again) expect(ratingOf(id), `${id} moved by a retry`).toEqual(r);
      }
    } else {
      const finished = state.log.flatMap((l, n) => (l.endedAt ? [n] : []));
      const entry = finished[finished.length - 1 - (s.back % Math.max(1, finished.length))];
      if (entry === undefined) return;
      const ids = state.log[entry]!.teams.flat();
      const before = snapshot();
      // Exact checks hold while no later game of theirs, nor a correction of another of their games, moved them.
      const played =
        stale.has(entry) || state.log.slice(entry + 1).some((l) => l.teams.flat().some((id) => ids.includes(id)));
      for (const other of beforeGame.keys()) {
        if (other !== entry && state.log[other]!.teams.flat().some((id) => ids.includes(id))) stale.add(other);
      }
      const result = s.winner === null ? { remove: true as const } : { winner: s.winner };
      commit(correctEntry(state, entry, result, store, now), entry);
      only(ids, before);
      const original = beforeGame.get(entry)!;
      if (s.winner === null) {
        // Removed: with no later game of theirs, exactly the ratings before the game.
        if (!played) for (const id of ids) expect(ratingOf(id), `${id} restored`).toEqual(original.get(id));
      } else if (!played) {
        // Changed: as if the game had been rated with the new winner from the ratings before it.
        const read = new Map(store);
        const guestRatings = { ...state.guestRatings };
        for (const id of ids) {
          const was = original.get(id);
          if (id.startsWith('guest_')) {
            if (was) guestRatings[id] = was;
            else delete guestRatings[id];
          } else if (was) read.set(id, was);
          else read.delete(id);
        }
        const log = state.log.map((l, n) => (n === entry ? { ...l, ratings: undefined } : l));
        const fresh = rateEntry({ ...state, log, guestRatings }, entry, read);
        for (const id of ids) {
          const expected = id.startsWith('guest_') ? fresh.state.guestRatings?.[id] : fresh.changed.get(id);
          const got = ratingOf(id);
          expect(got.mu, `${id} re-rated`).toBeCloseTo(expected!.mu, 9);
          expect(got.sigma).toBeCloseTo(expected!.sigma, 9);
          expect(got.games).toBe(expected!.games);
        }
      }
      beforeGame.set(entry, original);
    }
  });
  // The counts agree with the evening's rated results: won + lost is the rated games, partners both ways.
  for (const [id, c] of counts) {
    const rated = state.log.filter((l) => l.ratings && l.winner != null && l.teams.flat().includes(id));
    const won = rated.filter((l) => l.teams[l.winner!].includes(id)).length;
    expect([c.won, c.lost], `${id} won/lost`).toEqual([won, rated.length - won]);
    expect(c.month?.played ?? 0, `${id} month`).toBe(rated.length);
    expect((c.won ?? 0) + (c.lost ?? 0), `${id} counted as rated`).toBe(ratingOf(id).games);
    for (const [partner, n] of Object.entries(c.partners ?? {}))
      expect(counts.get(partner)?.partners?.[id], `${id} and ${partner}`).toBe(n);
  }
}

const ratings = (rater: Rater) =>
  fc.property(
    fc.integer({ min: 4, max: 14 }),
    fc.integer({ min: 0, max: 3 }),
    fc.array(step, { minLength: 10, maxLength: 80 }),
    (players, guests, steps) => evening(rater, players, guests, steps),
  );

describe('ratings from the court', () => {
  it('a game moves its players once, nobody else, and a correction restores exactly', () => {
    fc.assert(ratings(REAL), { numRuns: 200 });
  });

  it('fails when a retried finish rates the game again (a planted bug)', () => {
    const planted: Rater = {
      rate: (state, entry, read) =>
        rateEntry(
          { ...state, log: state.log.map((l, n) => (n === entry ? { ...l, ratings: undefined } : l)) },
          entry,
          read,
        ),
    };
    const result = fc.check(ratings(planted), { numRuns: 100, endOnFailure: true });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/moved by a retry|rated once|restored|re-rated/);
  });
});
