import { ROTATION_LIMITS } from '@shuttle/shared';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../functions/src/platform/errors.ts';
import {
  finish,
  lockPair,
  moveUp,
  preview,
  setPlayer,
  setup,
  startNext,
  swapNext,
  syncCheckIns,
} from '../../functions/src/rotation/engine.ts';
import type { RotationState } from '../../functions/src/rotation/model.ts';
import { onCourt, playersPerGame, waiting } from '../../functions/src/rotation/rules.ts';
import { setNotifyUpNext, upNextNotices } from '../../functions/src/rotation/up-next.ts';

/**
 * The rotation rule's fairness (docs/ON-COURT.md, "Rotation"), driven by random evenings: arrivals,
 * rests, departures, pair locks and game ends. After every step: nobody is on two courts; a
 * waiting player (not in a fixed pair) is passed over (a game starts with someone who began
 * waiting after them) at most twice, under either rule and any order of game ends; and under `balanced`, with games ending in the order they started, players present all evening (there from the start, never resting,
 * leaving or locked) end within one game of each other.
 *
 * Every run does real work: the first fill starts a game on every court the players who came
 * first can fill, and a court the preview has a game for is never refused. `startNext` may only
 * refuse with NOT_ENOUGH_PLAYERS; anything else fails the run. The last test plants an
 * always-throwing `startNext` and shows that both properties then fail.
 */

const T0 = Date.parse('2026-12-01T11:00:00.000Z');
const at = (step: number) => new Date(T0 + step * 60_000).toISOString();

type Action =
  | { kind: 'arrive' }
  | { kind: 'rest' | 'leave' | 'back'; who: number }
  | { kind: 'lock'; who: number; with: number }
  | { kind: 'end'; court: number; score: [number, number] };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'arrive' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('rest' as const, 'leave' as const, 'back' as const),
      who: fc.nat(40),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lock' as const), who: fc.nat(40), with: fc.nat(40) }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('end' as const),
      court: fc.nat(3),
      score: fc.tuple(fc.nat(21), fc.nat(21)) as fc.Arbitrary<[number, number]>,
    }),
  },
);

/** The engine call the runs make that may refuse; the planted test replaces it. */
interface Engine {
  startNext: typeof startNext;
}
const ENGINE: Engine = { startNext };

function run(
  engine: Engine,
  rule: 'balanced' | 'winnerStays',
  mode: 'doubles' | 'singles',
  courts: number,
  start: number,
  actions: Action[],
  endOldest = false,
) {
  let state: RotationState = setup(null, { courts: Array.from({ length: courts }, (_, i) => i + 1), mode, rule });
  let arrivals = 0;
  const arrive = (step: number) => {
    const n = arrivals++;
    state = syncCheckIns(state, [{ userId: `p${n}`, name: `P${n}`, level: (n % 18) + 1, checkedInAt: at(step) }]);
  };
  for (let i = 0; i < start; i++) arrive(0);
  const allEvening = new Set(state.players.map((p) => p.userId));
  const passedOver = new Map<string, number>();

  /** Fills every free court the rule can fill, checking the invariants at each start. */
  const fill = (step: number) => {
    for (const court of state.courts) {
      if (state.games.some((g) => g.court === court)) continue;
      const before = waiting(state);
      const expected = preview(state, 1)[0];
      let out: ReturnType<typeof startNext>;
      try {
        out = engine.startNext(state, court, at(step));
      } catch (error) {
        // The one refusal a free court can get: too few waiting, so the preview has no game for it either.
        if (!(error instanceof DomainError) || error.code !== 'NOT_ENOUGH_PLAYERS') throw error;
        expect(expected?.court, `court ${court} refused although the preview has a game for it`).not.toBe(court);
        continue;
      }
      const started = out.game.teams.flat();
      const busy = state.games.flatMap((g) => g.teams.flat());
      expect(
        started.some((id) => busy.includes(id)),
        'started twice at once',
      ).toBe(false);
      if (expected?.court === court) expect(out.game.teams).toEqual(expected.teams);
      const latest = Math.max(...before.filter((p) => started.includes(p.userId)).map((p) => p.readySince));
      for (const p of before) {
        if (started.includes(p.userId)) passedOver.delete(p.userId);
        // A fixed pair goes on together, at the turn of its later partner: it is not counted.
        else if (p.readySince < latest && !p.lockedWith) passedOver.set(p.userId, (passedOver.get(p.userId) ?? 0) + 1);
      }
      state = out.state;
    }
    const all = [...onCourt(state)];
    expect(new Set(all).size).toBe(all.length);
    for (const [id, n] of passedOver) expect(n, `${id} passed over`).toBeLessThanOrEqual(2);
  };

  fill(0);
  // Real work: everyone is ready and nobody paired yet, so every court the first comers can fill has a game.
  expect(state.games.length, 'games after the first fill').toBe(
    Math.min(courts, Math.floor(start / playersPerGame(state))),
  );
  actions.forEach((a, i) => {
    const step = i + 1;
    const id = (n: number) => state.players[n % Math.max(1, state.players.length)]?.userId;
    if (a.kind === 'arrive') arrive(step);
    else if (a.kind === 'end') {
      // Games of similar length end in the order they started; otherwise any court may end.
      const oldest = [...state.games].sort((x, y) => x.startedAt.localeCompare(y.startedAt) || x.court - y.court)[0];
      const court = endOldest ? (oldest?.court ?? 0) : (a.court % courts) + 1;
      if (state.games.some((g) => g.court === court))
        state = finish(
          state,
          court,
          a.score[0] === a.score[1] ? {} : { winner: a.score[0] > a.score[1] ? 0 : 1 },
          at(step),
        );
    } else if (a.kind === 'lock') {
      const [x, y] = [id(a.who), id(a.with)];
      if (x && y && x !== y) {
        try {
          state = lockPair(state, x, y);
          allEvening.delete(x);
          allEvening.delete(y);
        } catch {}
      }
    } else {
      const x = id(a.who);
      if (x) {
        state = setPlayer(state, x, a.kind === 'back' ? 'ready' : a.kind === 'rest' ? 'resting' : 'gone');
        allEvening.delete(x);
        passedOver.delete(x);
      }
    }
    fill(step);
  });
  return { state, allEvening };
}

/** Balanced doubles, games ending in the order they started. */
const balancedDoubles = (engine: Engine) =>
  fc.property(
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: 4, max: 30 }),
    fc.array(action, { maxLength: 120 }),
    (courts, start, actions) => {
      const { state, allEvening } = run(engine, 'balanced', 'doubles', courts, start, actions, true);
      const played = state.players.filter((p) => allEvening.has(p.userId)).map((p) => p.gamesPlayed);
      if (played.length > 0) expect(Math.max(...played) - Math.min(...played)).toBeLessThanOrEqual(1);
    },
  );

/** Any rule and mode, any court ending: the invariants (nobody twice at once, passed over at most twice) are checked at every start. */
const anyRule = (engine: Engine) =>
  fc.property(
    fc.constantFrom('balanced' as const, 'winnerStays' as const),
    fc.constantFrom('doubles' as const, 'singles' as const),
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: 2, max: 20 }),
    fc.array(action, { maxLength: 80 }),
    (rule, mode, courts, start, actions) => {
      run(engine, rule, mode, courts, start, actions);
    },
  );

describe('rotation rule', () => {
  it('balanced doubles: nobody twice at once, nobody passed over more than twice, spread of games <= 1', () => {
    fc.assert(balancedDoubles(ENGINE), { numRuns: 150 });
  });

  it('any rule, mode and order of game ends: nobody is started twice at once', () => {
    fc.assert(anyRule(ENGINE), { numRuns: 150 });
  });

  it('a court ending game after game while the other plays one long game passes nobody over a third time', () => {
    // The counterexample CI found (seed 967122926): the four of the long game came back with fewer
    // games and, by fairness count alone, went before p0 and p1 three games running.
    const end = (court: number): Action => ({ kind: 'end', court, score: [0, 0] });
    const { state } = run(ENGINE, 'balanced', 'doubles', 2, 13, [0, 0, 0, 0, 0, 1, 1, 0].map(end));
    expect(state.games.find((g) => g.court === 1)?.teams.flat()).toEqual(expect.arrayContaining(['p0', 'p1']));
  });

  it('fails both properties when startNext always throws, a refusal or a fault', () => {
    const planted: Engine[] = [
      {
        startNext: () => {
          throw new DomainError('NOT_ENOUGH_PLAYERS');
        },
      },
      {
        startNext: () => {
          throw new Error('planted fault');
        },
      },
    ];
    const options = { numRuns: 20, endOnFailure: true };
    for (const engine of planted) {
      for (const result of [fc.check(balancedDoubles(engine), options), fc.check(anyRule(engine), options)]) {
        expect(result.failed).toBe(true);
        expect(String(result.errorInstance)).toMatch(/refused although the preview has a game|planted fault/);
      }
    }
  });
});

/**
 * A court promise is kept (docs/ON-COURT.md, "A court promise"): random evenings where the admin
 * starts games when they like (on any free court, sometimes overriding the promise), swaps, moves
 * players up, fixes pairs, and players arrive, rest, leave and come back. The court a player was
 * last shown for their coming game is where it starts, unless an admin's override moved it; then
 * an opted-in player is told the new court (up-next.ts), and nobody's shown court ever changes
 * by anything else.
 */
type PromiseAction =
  | { kind: 'arrive' }
  | { kind: 'rest' | 'leave' | 'back' | 'moveUp'; who: number }
  | { kind: 'lock'; who: number; with: number }
  | { kind: 'end'; court: number }
  | { kind: 'start'; court: number }
  | { kind: 'override'; court: number; nextIndex: number }
  | { kind: 'swap'; nextIndex: number; out: number; in: number };

const promiseAction: fc.Arbitrary<PromiseAction> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'arrive' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('rest' as const, 'leave' as const, 'back' as const, 'moveUp' as const),
      who: fc.nat(40),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lock' as const), who: fc.nat(40), with: fc.nat(40) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('end' as const), court: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('start' as const), court: fc.nat(3) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('override' as const), court: fc.nat(3), nextIndex: fc.nat(1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('swap' as const), nextIndex: fc.nat(1), out: fc.nat(3), in: fc.nat(40) }),
  },
);

/** The court each player is shown for their coming game (null: the first that frees). */
const shownCourts = (state: RotationState) =>
  new Map(preview(state).flatMap((g) => g.teams.flat().map((id) => [id, g.court] as const)));

function runPromises(
  engine: Engine,
  rule: 'balanced' | 'winnerStays',
  courts: number,
  start: number,
  actions: PromiseAction[],
) {
  let state: RotationState = setup(null, {
    courts: Array.from({ length: courts }, (_, i) => i + 1),
    mode: 'doubles',
    rule,
  });
  let arrivals = 0;
  /** The last court each player was shown (a number: a promise), until their game starts. */
  const told = new Map<string, number>();
  const apply = (next: RotationState) => upNextNotices(state, next);
  const arrive = (step: number) => {
    const n = arrivals++;
    const arrived = syncCheckIns(state, [
      { userId: `p${n}`, name: `P${n}`, level: (n % 18) + 1, checkedInAt: at(step) },
    ]);
    state = apply(n % 2 === 0 ? setNotifyUpNext(arrived, `p${n}`, true) : arrived).state;
  };
  for (let i = 0; i < start; i++) arrive(0);
  const look = (
    before: RotationState,
    override: boolean,
    notices: { userId: string; court: number | null }[],
    subject?: string,
  ) => {
    const shown = shownCourts(state);
    for (const p of state.players) {
      const promised = told.get(p.userId);
      if (promised === undefined) continue;
      if (p.userId === subject || p.state !== 'ready') {
        told.delete(p.userId);
        continue;
      }
      if (!shown.has(p.userId)) {
        // An override may take a player out of the coming games; else their game waits for a player.
        if (override) told.delete(p.userId);
        continue;
      }
      const now = shown.get(p.userId) ?? null;
      if (now === promised) continue;
      expect(override, `${p.userId} was shown court ${promised}, now ${now}, without an override`).toBe(true);
      // An opted-in player who had their push is told the new court (up to the evening's cap).
      const sent = before.players.find((q) => q.userId === p.userId)?.upNextSent ?? 0;
      if (p.notifyUpNext && sent > 0 && sent < ROTATION_LIMITS.upNextPushes) {
        expect(notices.find((n) => n.userId === p.userId)?.court, `${p.userId} told again`).toBe(now);
      }
      told.delete(p.userId);
    }
    for (const [id, court] of shown) if (court !== null) told.set(id, court);
  };
  look(state, false, []);

  actions.forEach((a, i) => {
    const step = i + 1;
    const id = (n: number) => state.players[n % Math.max(1, state.players.length)]?.userId;
    const court = 'court' in a ? (a.court % courts) + 1 : 0;
    let subject: string | undefined;
    let override = false;
    let next: RotationState | null = null;
    try {
      if (a.kind === 'arrive') {
        arrive(step);
      } else if (a.kind === 'end') {
        if (state.games.some((g) => g.court === court)) next = finish(state, court, { score: [21, 15] }, at(step));
      } else if (a.kind === 'start' || a.kind === 'override') {
        override = a.kind === 'override';
        const coming = preview(state);
        const out = engine.startNext(state, court, at(step), a.kind === 'override' ? a.nextIndex : undefined);
        const promised = coming.find((g) => g.court === court);
        // startNext on the court a coming game names starts exactly that game.
        if (!override && promised) expect(out.game.teams).toEqual(promised.teams);
        for (const started of out.game.teams.flat()) {
          const shown = told.get(started);
          if (!override && shown !== undefined) expect(court, `${started} promised court ${shown}`).toBe(shown);
          told.delete(started);
        }
        next = out.state;
      } else if (a.kind === 'swap') {
        override = true;
        const game = preview(state)[a.nextIndex];
        const outId = game?.teams.flat()[a.out % 4];
        const inId = id(a.in);
        if (outId && inId) next = swapNext(state, a.nextIndex, outId, inId);
      } else if (a.kind === 'moveUp') {
        override = true;
        const x = id(a.who);
        if (x) next = moveUp(state, x);
      } else if (a.kind === 'lock') {
        override = true;
        const [x, y] = [id(a.who), id(a.with)];
        if (x && y && x !== y) next = lockPair(state, x, y);
      } else {
        subject = id(a.who);
        if (subject)
          next = setPlayer(state, subject, a.kind === 'back' ? 'ready' : a.kind === 'rest' ? 'resting' : 'gone');
      }
    } catch (error) {
      // A refused operation (a busy court, too few players, a player not waiting) changes nothing.
      if (!(error instanceof DomainError)) throw error;
      next = null;
    }
    if (next) {
      const before = state;
      const out = apply(next);
      state = out.state;
      look(before, override, out.notices, subject);
    }
    const all = [...onCourt(state)];
    expect(new Set(all).size).toBe(all.length);
  });
}

const promises = (engine: Engine) =>
  fc.property(
    fc.constantFrom('balanced' as const, 'winnerStays' as const),
    fc.integer({ min: 2, max: 4 }),
    fc.integer({ min: 4, max: 24 }),
    fc.array(promiseAction, { maxLength: 150 }),
    (rule, courts, start, actions) => runPromises(engine, rule, courts, start, actions),
  );

describe('a court promise', () => {
  it('a player starts on the court they were last shown, unless an override moved it and told them', () => {
    fc.assert(promises(ENGINE), { numRuns: 200 });
  });

  it('fails when 開始下一場 starts the last coming game instead of the one promised to the court (the reported bug)', () => {
    const planted: Engine = {
      startNext: (state, court, now, nextIndex) =>
        startNext(state, court, now, nextIndex ?? Math.max(0, preview(state).length - 1)),
    };
    const result = fc.check(promises(planted), { numRuns: 100, endOnFailure: true });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/promised court|expected/);
  });
});
