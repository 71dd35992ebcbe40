import {
  DEFAULT_SCORING,
  ROTATION_LIMITS,
  type RotationMode,
  type RotationPlayerState,
  type RotationRule,
  type ScoringPoints,
  scoreProblem,
  scoreWinner,
} from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import { fixedGames, keepPromises, plan, sidesOf } from './coming.ts';
import type {
  CheckedInPlayer,
  RotationComingGame,
  RotationGameRecord,
  RotationPlayerRecord,
  RotationState,
} from './model.ts';
import { afterStart, catchUpRank, passedOverBy, pickPlayers, playersPerGame, waiting } from './rules.ts';

export { type PreviewGame, preview } from './coming.ts';

/**
 * The operations of the rotation board (docs/ON-COURT.md, "Rotation"): pure, each takes a state
 * and answers a new one (the input is never changed) or throws a DomainError that changes nothing.
 * Each ends by fixing the coming games it shows on free courts (`keepPromises`, coming.ts).
 */

/**
 * A copy the operations may change: players, games and holds are new objects; partner lists and
 * log entries are shared and replaced (never changed in place) where an operation changes them,
 * so an evening's long log is not copied on every decision (`npm run bench:rotation`).
 */
const clone = (state: RotationState): RotationState => ({
  ...state,
  courts: [...state.courts],
  games: state.games.map((g) => ({ ...g })),
  holds: state.holds.map((h) => ({ ...h })),
  players: state.players.map((p) => ({ ...p })),
  promised: [...fixedGames(state)],
  log: [...state.log],
});

function player(state: RotationState, userId: string): RotationPlayerRecord {
  const found = state.players.find((p) => p.userId === userId);
  if (!found) throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
  return found;
}

function requireCourt(state: RotationState, court: number) {
  if (!state.courts.includes(court))
    throw new DomainError('VALIDATION_FAILED', `Court ${court} is not on the board`, [
      { path: 'court', message: 'Not a court of this board' },
    ]);
}

const PROBLEMS = {
  draw: 'games are never drawn',
  short: 'nobody reached the target',
  overCap: 'no game goes past the cap',
  margin: 'a game is won by 2 points, or by one at the cap',
} as const;

/** Refuses a score that cannot end a game to `points` (shared/src/domain/scoring.ts), saying why. */
function requirePossible(points: ScoringPoints, score: [number, number]) {
  const problem = scoreProblem(points, score);
  if (!problem) return;
  const message = `${score[0]}-${score[1]} cannot end a game to ${points}: ${PROBLEMS[problem]}`;
  throw new DomainError('IMPOSSIBLE_SCORE', message, [{ path: 'score', message }]);
}

/** Opens a board, or changes the courts, mode, rule or scoring of an open one (courts with a game stay). */
export function setup(
  current: RotationState | null,
  input: { courts: number[]; mode: RotationMode; rule: RotationRule; scoring?: ScoringPoints },
): RotationState {
  const courts = [...input.courts].sort((a, b) => a - b);
  const scoring = input.scoring ?? current?.scoring ?? DEFAULT_SCORING;
  if (!current) {
    const { mode, rule } = input;
    return { mode, rule, scoring, courts, games: [], holds: [], players: [], promised: [], seq: 0, log: [] };
  }
  const state = clone(current);
  const playing = state.games.map((g) => g.court);
  if (playing.some((c) => !courts.includes(c))) throw new DomainError('COURT_BUSY');
  if (input.mode !== state.mode && playing.length > 0) throw new DomainError('COURT_BUSY');
  if (input.mode !== state.mode || input.rule !== state.rule) {
    state.promised = [];
    state.holds = [];
  }
  state.holds = state.holds.filter((h) => courts.includes(h.court));
  state.courts = courts;
  state.mode = input.mode;
  state.rule = input.rule;
  state.scoring = scoring;
  state.seq += 1;
  return keepPromises(state);
}

/** Adds checked-in players and walk-ins not yet on the board, in check-in order, at the back of the queue. */
export function syncCheckIns(current: RotationState, checkedIn: CheckedInPlayer[]): RotationState {
  const known = new Set(current.players.map((p) => p.userId));
  const arrivals = checkedIn
    .filter((p) => !known.has(p.userId))
    .sort((a, b) => a.checkedInAt.localeCompare(b.checkedInAt) || a.userId.localeCompare(b.userId));
  if (arrivals.length === 0) return current;
  const state = clone(current);
  for (const p of arrivals) {
    const rank = catchUpRank(state);
    state.seq += 1;
    state.players.push({
      userId: p.userId,
      name: p.name,
      level: p.level,
      ...(p.skill === undefined ? {} : { skill: p.skill }),
      ...(p.band === undefined ? {} : { band: p.band }),
      state: 'ready',
      gamesPlayed: 0,
      rank,
      readySince: state.seq,
      joinSeq: state.seq,
      partners: [],
      lockedWith: null,
      boost: 0,
    });
  }
  return keepPromises(state);
}

/** Ready, resting or gone; a player back in the queue joins at its back. Gone unlocks a fixed pair. */
export function setPlayer(current: RotationState, userId: string, to: RotationPlayerState): RotationState {
  const state = clone(current);
  const p = player(state, userId);
  if (p.state === to) return current;
  if (to === 'ready') {
    p.rank = Math.max(p.rank, catchUpRank(state));
    p.readySince = state.seq + 1;
  }
  p.state = to;
  p.boost = 0;
  delete p.passedOver;
  if (to === 'gone' && p.lockedWith) {
    const partner = state.players.find((q) => q.userId === p.lockedWith);
    if (partner) partner.lockedWith = null;
    p.lockedWith = null;
  }
  if (to !== 'ready') {
    state.holds = state.holds
      .map((h) => ({ ...h, userIds: h.userIds.filter((id) => id !== userId) }))
      .filter((h) => h.userIds.length > 0);
  }
  state.seq += 1;
  // The player's coming game keeps its court: someone from the queue takes their place.
  return keepPromises(state);
}

/** Fixes two players as partners (replacing their earlier pairs), or unlocks with `partnerId` null. */
export function lockPair(current: RotationState, userId: string, partnerId: string | null): RotationState {
  const state = clone(current);
  const p = player(state, userId);
  const unlock = (q: RotationPlayerRecord) => {
    if (q.lockedWith) {
      const old = state.players.find((r) => r.userId === q.lockedWith);
      if (old) old.lockedWith = null;
    }
    q.lockedWith = null;
  };
  unlock(p);
  if (partnerId !== null) {
    if (partnerId === userId)
      throw new DomainError('VALIDATION_FAILED', 'A player cannot pair with themselves', [
        { path: 'partnerUserId', message: 'Must be another player' },
      ]);
    const q = player(state, partnerId);
    if (p.state === 'gone' || q.state === 'gone') throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
    unlock(q);
    p.lockedWith = q.userId;
    q.lockedWith = p.userId;
  }
  // An admin's override: the coming games are picked again (players whose court changed are told).
  state.promised = [];
  state.seq += 1;
  return keepPromises(state);
}

/** Puts a waiting player at the front of the queue. */
export function moveUp(current: RotationState, userId: string): RotationState {
  const state = clone(current);
  const p = player(state, userId);
  if (!waiting(state).some((w) => w.userId === userId)) throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
  state.seq += 1;
  p.boost = state.seq;
  // An admin's override: the coming games are picked again with the player first.
  state.promised = [];
  return keepPromises(state);
}

/**
 * Swaps a waiting player into one of the coming games (`nextIndex` in `preview`); a player who is
 * in another coming game changes places. The coming games up to that one are then fixed; those
 * on free courts keep their courts.
 */
export function swapNext(current: RotationState, nextIndex: number, outId: string, inId: string): RotationState {
  const { games, pending } = plan(current);
  const target = games[nextIndex];
  if (!target?.teams.flat().includes(outId))
    throw new DomainError('VALIDATION_FAILED', 'That player is not in that coming game', [
      { path: 'outUserId', message: 'Not in the coming game' },
    ]);
  if (!waiting(current).some((p) => p.userId === inId)) throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
  const swap = (id: string) => (id === outId ? inId : id === inId ? outId : id);
  const swapped = (g: RotationComingGame): RotationComingGame => ({
    court: g.court,
    teams: [g.teams[0].map(swap), g.teams[1].map(swap)],
  });
  const state = clone(current);
  state.promised = [
    ...games.filter((g, i) => g.fixed || g.court !== null || i <= nextIndex).map(swapped),
    ...pending.map(swapped),
  ];
  // A winner swapped out of their court's next game no longer stays for it.
  state.holds = state.holds
    .map((h) => ({ ...h, userIds: h.userIds.filter((id) => id !== outId) }))
    .filter((h) => h.userIds.length > 0);
  state.seq += 1;
  return keepPromises(state);
}

/**
 * Starts a game on a free court: the coming game promised to it; with `nextIndex`, the admin's
 * override, that coming game instead (the game promised to this court then takes the chosen
 * game's court, or waits for the first that frees). On a court no coming game names: the rule's
 * pick among the players no coming game holds.
 */
export function startNext(
  current: RotationState,
  court: number,
  now: string,
  nextIndex?: number,
): { state: RotationState; game: RotationGameRecord } {
  requireCourt(current, court);
  if (current.games.some((g) => g.court === court)) throw new DomainError('COURT_BUSY');
  const { games, pending } = plan(current);
  const hold = current.holds.find((h) => h.court === court);
  let teams: [string[], string[]];
  let others: { court: number | null; teams: [string[], string[]]; fixed: boolean }[] = games;
  if (nextIndex !== undefined) {
    const chosen = games[nextIndex];
    if (!chosen)
      throw new DomainError('VALIDATION_FAILED', 'No such coming game', [
        { path: 'nextIndex', message: 'Not a coming game' },
      ]);
    teams = chosen.teams;
    others = games
      .filter((g) => g !== chosen)
      .map((g) => (g.court === court ? { ...g, court: chosen.court, fixed: true } : g));
  } else {
    const promised = games.find((g) => g.court === court);
    if (promised) {
      teams = promised.teams;
      others = games.filter((g) => g !== promised);
    } else {
      const queued = waiting(current);
      const ahead = [...games, ...pending];
      const held = new Set(ahead.flatMap((g) => g.teams.flat()));
      // Picked as the queue will be once the coming games start (who they pass over counts).
      let pool = queued.filter((p) => !held.has(p.userId));
      for (const g of ahead) pool = afterStart(pool, queued, g.teams.flat());
      const picked = pickPlayers(current, pool, playersPerGame(current) - (hold?.userIds.length ?? 0));
      if (!picked) throw new DomainError('NOT_ENOUGH_PLAYERS');
      teams = sidesOf(current, [...(hold?.userIds ?? []), ...picked.ids], hold, picked.pairs);
    }
  }
  const started = teams.flat();
  const passed = passedOverBy(waiting(current), started);
  const state = clone(current);
  state.seq += 1;
  for (const p of state.players) if (passed.has(p.userId)) p.passedOver = (p.passedOver ?? 0) + 1;
  for (const side of teams) {
    for (const id of side) {
      const p = player(state, id);
      p.gamesPlayed += 1;
      p.rank += 1;
      p.boost = 0;
      delete p.passedOver;
      p.partners = [...p.partners, ...side.filter((mate) => mate !== id)];
    }
  }
  const stays = hold?.userIds.every((id) => teams[0].includes(id));
  const game: RotationGameRecord = { court, teams, startedAt: now, stayStreak: stays ? hold!.streak : 0 };
  state.games.push(game);
  state.holds = state.holds.filter((h) => h.court !== court);
  const without = (g: RotationComingGame): RotationComingGame => ({
    court: g.court,
    teams: [g.teams[0].filter((id) => !started.includes(id)), g.teams[1].filter((id) => !started.includes(id))],
  });
  state.promised = [...others.filter((g) => g.fixed || g.court !== null), ...pending].map(without);
  state.log.push({ court, teams, startedAt: now, endedAt: null, score: null });
  return { state: keepPromises(state), game };
}

/** A game's result: a final score of the board's scoring, or a winner without points (`winner` 0: teams[0]). */
export interface GameResult {
  score?: [number, number];
  winner?: 0 | 1;
}

/** The winning side of a result (its score's, else the one tapped), or null without one; a score and a winner must agree. */
export function winnerOf(points: ScoringPoints, result: GameResult): 0 | 1 | null {
  if (result.score) requirePossible(points, result.score);
  const byScore = result.score ? scoreWinner(result.score) : undefined;
  if (byScore !== undefined && result.winner !== undefined && byScore !== result.winner)
    throw new DomainError('VALIDATION_FAILED', 'The winner is not the side with more points', [
      { path: 'winner', message: 'Must be the side with more points' },
    ]);
  return byScore ?? result.winner ?? null;
}

/**
 * Ends the game on a court; its players wait again from now. Under `winnerStays` the winning
 * side stays for the court's next game, at most `winnerStaysMax` games in a row.
 */
export function finish(current: RotationState, court: number, result: GameResult, now: string): RotationState {
  requireCourt(current, court);
  const game = current.games.find((g) => g.court === court);
  if (!game) throw new DomainError('COURT_FREE');
  const side = winnerOf(current.scoring ?? DEFAULT_SCORING, result);
  const state = clone(current);
  state.seq += 1;
  state.games = state.games.filter((g) => g.court !== court);
  const at = state.log.findLastIndex((l) => l.court === court && l.endedAt === null);
  if (at >= 0) state.log[at] = { ...state.log[at]!, endedAt: now, score: result.score ?? null, winner: side };
  for (const id of game.teams.flat()) player(state, id).readySince = state.seq;
  if (state.rule === 'winnerStays' && side !== null) {
    const streak = side === 0 && game.stayStreak > 0 ? game.stayStreak + 1 : 1;
    const winners = game.teams[side];
    const stillReady = winners.every((id) => player(state, id).state === 'ready');
    if (streak < ROTATION_LIMITS.winnerStaysMax && stillReady) state.holds.push({ court, userIds: winners, streak });
  }
  return keepPromises(state);
}
