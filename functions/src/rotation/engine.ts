import { ROTATION_LIMITS, type RotationMode, type RotationPlayerState, type RotationRule } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import type { CheckedInPlayer, RotationGameRecord, RotationPlayerRecord, RotationState } from './model.ts';
import { catchUpRank, pickPlayers, playersPerGame, splitTeams, waiting } from './rules.ts';

/**
 * The operations of the rotation board (docs/ON-COURT.md, "Rotation"): pure, each takes a state
 * and answers a new one (the input is never changed) or throws a DomainError that changes nothing.
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
  pinned: [...state.pinned],
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

/** Opens a board, or changes the courts, mode or rule of an open one (courts with a game stay). */
export function setup(
  current: RotationState | null,
  input: { courts: number[]; mode: RotationMode; rule: RotationRule },
): RotationState {
  const courts = [...input.courts].sort((a, b) => a - b);
  if (!current) return { ...input, courts, games: [], holds: [], players: [], pinned: [], seq: 0, log: [] };
  const state = clone(current);
  const playing = state.games.map((g) => g.court);
  if (playing.some((c) => !courts.includes(c))) throw new DomainError('COURT_BUSY');
  if (input.mode !== state.mode && playing.length > 0) throw new DomainError('COURT_BUSY');
  if (input.mode !== state.mode || input.rule !== state.rule) {
    state.pinned = [];
    state.holds = [];
  }
  state.holds = state.holds.filter((h) => courts.includes(h.court));
  state.courts = courts;
  state.mode = input.mode;
  state.rule = input.rule;
  state.seq += 1;
  return state;
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
  return state;
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
  if (to === 'gone' && p.lockedWith) {
    const partner = state.players.find((q) => q.userId === p.lockedWith);
    if (partner) partner.lockedWith = null;
    p.lockedWith = null;
  }
  if (to !== 'ready') {
    state.holds = state.holds
      .map((h) => ({ ...h, userIds: h.userIds.filter((id) => id !== userId) }))
      .filter((h) => h.userIds.length > 0);
    state.pinned = state.pinned.filter((g) => !g.flat().includes(userId));
  }
  state.seq += 1;
  return state;
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
  state.pinned = [];
  state.seq += 1;
  return state;
}

/** Puts a waiting player at the front of the queue. */
export function moveUp(current: RotationState, userId: string): RotationState {
  const state = clone(current);
  const p = player(state, userId);
  if (!waiting(state).some((w) => w.userId === userId)) throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
  state.seq += 1;
  p.boost = state.seq;
  state.pinned = [];
  return state;
}

export interface PreviewGame {
  court: number | null;
  teams: [string[], string[]];
}

/**
 * The coming games: pinned ones first, then the rule's picks for free courts (lowest number
 * first) and then for busy courts in the order they started (the first to free).
 */
export function preview(state: RotationState, count: number = ROTATION_LIMITS.nextGames): PreviewGame[] {
  const per = playersPerGame(state);
  const games: PreviewGame[] = [];
  let pool = waiting(state);
  const take = (ids: string[]) => {
    pool = pool.filter((p) => !ids.includes(p.userId));
  };
  const busy = [...state.games].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.court - b.court);
  const targets = [...state.courts.filter((c) => !state.games.some((g) => g.court === c)), ...busy.map((g) => g.court)];
  for (const court of targets) {
    if (games.length >= count) break;
    const hold = state.holds.find((h) => h.court === court);
    const pinned = games.length < state.pinned.length ? state.pinned[games.length] : undefined;
    if (!hold && pinned && pinned.flat().every((id) => pool.some((p) => p.userId === id))) {
      games.push({ court, teams: [pinned[0], pinned[1]] });
      take(pinned.flat());
      continue;
    }
    const picked = pickPlayers(state, pool, per - (hold?.userIds.length ?? 0));
    if (!picked) break;
    take(picked.ids);
    const teams: [string[], string[]] = hold ? [hold.userIds, picked.ids] : splitTeams(state, picked.ids, picked.pairs);
    games.push({ court, teams });
  }
  return games;
}

/**
 * Swaps a waiting player into one of the coming games (`nextIndex` in `preview`); a player who is
 * in another coming game changes places. The coming games up to that one are then fixed (pinned).
 */
export function swapNext(current: RotationState, nextIndex: number, outId: string, inId: string): RotationState {
  const games = preview(current);
  const target = games[nextIndex];
  if (!target?.teams.flat().includes(outId))
    throw new DomainError('VALIDATION_FAILED', 'That player is not in that coming game', [
      { path: 'outUserId', message: 'Not in the coming game' },
    ]);
  if (!waiting(current).some((p) => p.userId === inId)) throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
  const swap = (id: string) => (id === outId ? inId : id === inId ? outId : id);
  const state = clone(current);
  state.pinned = games
    .slice(0, Math.max(nextIndex + 1, current.pinned.length))
    .map((g) => [g.teams[0].map(swap), g.teams[1].map(swap)] as [string[], string[]]);
  state.seq += 1;
  return state;
}

/** Starts the next game on a free court: the game `preview` shows first for it. */
export function startNext(
  current: RotationState,
  court: number,
  now: string,
): { state: RotationState; game: RotationGameRecord } {
  requireCourt(current, court);
  if (current.games.some((g) => g.court === court)) throw new DomainError('COURT_BUSY');
  const state = clone(current);
  const per = playersPerGame(state);
  const pool = waiting(state);
  const hold = state.holds.find((h) => h.court === court);
  const pinned = state.pinned[0];
  let teams: [string[], string[]];
  if (!hold && pinned && pinned.flat().every((id) => pool.some((p) => p.userId === id))) {
    teams = [pinned[0], pinned[1]];
  } else {
    const picked = pickPlayers(state, pool, per - (hold?.userIds.length ?? 0));
    if (!picked) throw new DomainError('NOT_ENOUGH_PLAYERS');
    teams = hold ? [hold.userIds, picked.ids] : splitTeams(state, picked.ids, picked.pairs);
  }
  const started = teams.flat();
  state.seq += 1;
  for (const side of teams) {
    for (const id of side) {
      const p = player(state, id);
      p.gamesPlayed += 1;
      p.rank += 1;
      p.boost = 0;
      p.partners = [...p.partners, ...side.filter((mate) => mate !== id)];
    }
  }
  const game: RotationGameRecord = { court, teams, startedAt: now, stayStreak: hold?.streak ?? 0 };
  state.games.push(game);
  state.holds = state.holds.filter((h) => h.court !== court);
  state.pinned = state.pinned.filter((g) => !g.flat().some((id) => started.includes(id)));
  state.log.push({ court, teams, startedAt: now, endedAt: null, score: null });
  return { state, game };
}

/**
 * Ends the game on a court; its players wait again from now. Under `winnerStays` the side with
 * more points stays for the court's next game, at most `winnerStaysMax` games in a row.
 */
export function finish(
  current: RotationState,
  court: number,
  score: [number, number] | undefined,
  now: string,
): RotationState {
  requireCourt(current, court);
  const game = current.games.find((g) => g.court === court);
  if (!game) throw new DomainError('COURT_FREE');
  const state = clone(current);
  state.seq += 1;
  state.games = state.games.filter((g) => g.court !== court);
  const at = state.log.findLastIndex((l) => l.court === court && l.endedAt === null);
  if (at >= 0) state.log[at] = { ...state.log[at]!, endedAt: now, score: score ?? null };
  for (const id of game.teams.flat()) player(state, id).readySince = state.seq;
  if (state.rule === 'winnerStays' && score && score[0] !== score[1]) {
    const side = score[0] > score[1] ? 0 : 1;
    const streak = side === 0 && game.stayStreak > 0 ? game.stayStreak + 1 : 1;
    const winners = game.teams[side];
    const stillReady = winners.every((id) => player(state, id).state === 'ready');
    if (streak < ROTATION_LIMITS.winnerStaysMax && stillReady) state.holds.push({ court, userIds: winners, streak });
  }
  return state;
}
