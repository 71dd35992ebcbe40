import { ROTATION_LIMITS } from '@shuttle/shared';
import type { RotationComingGame, RotationState } from './model.ts';
import { afterStart, pickPlayers, playersPerGame, queueUnits, splitTeams, waiting } from './rules.ts';

/**
 * The coming games and the court each is promised to (docs/ON-COURT.md, "A court promise"): pure,
 * like `engine.ts`. A coming game names a court only when that court is free, and the game shown
 * on a free court is fixed on the board (`promised`) until it starts there: later arrivals, rests,
 * game ends and the rule's other picks never move it. Only an admin's override (a start of
 * another game on that court, a swap, a move up, a fixed pair, a new setup) changes it, and the
 * players whose court changed are told (up-next.ts). Games for busy courts name none (null: the
 * first court that frees), since nobody knows which frees first.
 */

export interface PreviewGame {
  court: number | null;
  teams: [string[], string[]];
}

interface PlannedGame extends PreviewGame {
  /** Fixed on the board (a promise, or a swap's game for the first court that frees). */
  fixed: boolean;
}

/** The board's fixed games; a board written before promises keeps its swap-fixed games, promised to no court. */
export function fixedGames(state: RotationState): RotationComingGame[] {
  return state.promised ?? (state.pinned ?? []).map((teams) => ({ court: null, teams }));
}

const freeCourts = (state: RotationState) => state.courts.filter((c) => !state.games.some((g) => g.court === c));
const holdOf = (state: RotationState, court: number | null) =>
  court === null ? undefined : state.holds.find((h) => h.court === court);

/** Fixed pairs among `ids` (doubles), so a split keeps them together. */
function lockedPairs(state: RotationState, ids: string[]): string[][] {
  if (state.mode !== 'doubles') return [];
  const pairs: string[][] = [];
  for (const p of state.players) {
    if (p.lockedWith && ids.includes(p.userId) && ids.includes(p.lockedWith) && p.userId < p.lockedWith) {
      pairs.push([p.userId, p.lockedWith]);
    }
  }
  return pairs;
}

/** The two sides of a game of `ids`: winners held for the court stay one side, else the rule's split. */
export function sidesOf(
  state: RotationState,
  ids: string[],
  hold?: { userIds: string[] },
  pairs: string[][] = lockedPairs(state, ids),
): [string[], string[]] {
  if (hold && hold.userIds.length * 2 === ids.length && hold.userIds.every((id) => ids.includes(id))) {
    return [hold.userIds, ids.filter((id) => !hold.userIds.includes(id))];
  }
  return splitTeams(state, ids, pairs);
}

/**
 * The coming games, at most `count`, and the fixed games not shown (`pending`: short of players,
 * or past `count`). Order: the promised games on their free courts (in the order promised), then
 * the other free courts (lowest first; a swap's fixed game first, else the rule's pick; winners
 * held for a court play there), then the busy courts in the order they started (court null).
 * A fixed game keeps the players it still has (a player who rests or leaves is replaced from the
 * queue, the others keep their court); a player is in one coming game at most. Each game is
 * picked as the queue will be once the games before it start (who they pass over counts).
 */
export function plan(
  state: RotationState,
  count: number = ROTATION_LIMITS.nextGames,
): { games: PlannedGame[]; pending: RotationComingGame[] } {
  const per = playersPerGame(state);
  const free = freeCourts(state);
  const queued = waiting(state);
  let pool = queued;
  const waitingIds = new Set(pool.map((p) => p.userId));
  const claimed = new Set<string>();
  const kept: RotationComingGame[] = [];
  for (const game of fixedGames(state)) {
    if (game.court !== null && !free.includes(game.court)) continue;
    const held = holdOf(state, game.court)?.userIds ?? [];
    const still = (id: string) => (waitingIds.has(id) || held.includes(id)) && !claimed.has(id);
    const teams = game.teams.map((side) => side.filter(still)) as [string[], string[]];
    for (const id of teams.flat()) claimed.add(id);
    if (teams.flat().length > 0) kept.push({ court: game.court, teams });
  }
  pool = pool.filter((p) => !claimed.has(p.userId));
  const games: PlannedGame[] = [];
  const pending: RotationComingGame[] = [];

  const place = (court: number | null, fixed: RotationComingGame | undefined) => {
    if (games.length >= count) {
      if (fixed) pending.push(fixed);
      return;
    }
    const hold = holdOf(state, court);
    const have = fixed ? fixed.teams.flat() : (hold?.userIds ?? []);
    if (fixed && have.length === per) {
      games.push({ court, teams: fixed.teams, fixed: true });
      pool = afterStart(pool, queued, have);
      return;
    }
    const picked = pickPlayers(state, pool, per - have.length);
    if (!picked) {
      if (fixed) pending.push(fixed);
      return;
    }
    pool = pool.filter((p) => !picked.ids.includes(p.userId));
    const ids = [...have, ...picked.ids];
    const teams = fixed ? sidesOf(state, ids, hold) : sidesOf(state, ids, hold, picked.pairs);
    games.push({ court, teams, fixed: Boolean(fixed) });
    pool = afterStart(pool, queued, ids);
  };

  const named = kept.filter((g) => g.court !== null);
  const floating = kept.filter((g) => g.court === null);
  for (const game of named) place(game.court, game);
  for (const court of free) {
    if (named.some((g) => g.court === court)) continue;
    place(court, holdOf(state, court) ? undefined : floating.shift());
  }
  // Busy courts, in the order they started: games for the first court that frees.
  for (let i = 0; i < state.games.length; i++) place(null, floating.shift());
  pending.push(...floating);
  return { games, pending };
}

/** The coming games (`next` of the board): see `plan`. */
export function preview(state: RotationState, count: number = ROTATION_LIMITS.nextGames): PreviewGame[] {
  return plan(state, count).games.map(({ court, teams }) => ({ court, teams }));
}

/**
 * Fixes what the board now shows: every coming game on a free court becomes its promise, a
 * swap's games stay fixed, fixed games short of players wait for players. Every operation of
 * `engine.ts` ends with it, so a later change never moves a promise.
 */
export function keepPromises(state: RotationState): RotationState {
  const { games, pending } = plan(state);
  const { pinned: _legacy, ...rest } = state;
  return {
    ...rest,
    promised: [
      ...games.filter((g) => g.fixed || g.court !== null).map(({ court, teams }) => ({ court, teams })),
      ...pending,
    ],
  };
}

/**
 * The queue order of waiting players (for `queuePosition`): the coming games' players in game
 * order, then those of fixed games still short of players, then everyone else by the rule.
 */
export function queueOrder(state: RotationState): string[] {
  const { games, pending } = plan(state);
  const gameOf = new Map<string, number>();
  [...games, ...pending].forEach((g, i) => {
    for (const id of g.teams.flat()) if (!gameOf.has(id)) gameOf.set(id, i);
  });
  const ruleOrder = queueUnits(state, waiting(state)).flatMap((u) => u.ids);
  const at = (id: string) => gameOf.get(id) ?? Number.MAX_SAFE_INTEGER;
  return ruleOrder
    .map((id, index) => ({ id, index }))
    .sort((a, b) => at(a.id) - at(b.id) || a.index - b.index)
    .map(({ id }) => id);
}
