import { ROTATION_LIMITS } from '@shuttle/shared';
import { type RotationPlayerRecord, type RotationState, UNKNOWN_LEVEL } from './model.ts';
import { muOfLevel } from './rating-scale.ts';

/**
 * Who plays next (docs/ON-COURT.md, "Rotation"): pure functions of the board state.
 * `balanced` and `winnerStays` both take waiting players by fairness count (fewest games, with the
 * catch-up of late arrivals), then longest waiting; a moved-up player goes first, then anyone
 * passed over `passedOverMax` times; a fixed pair goes on together or not at all. The four are then split into the two pairs with the closest
 * level sums, avoiding a partner of a player's last 3 games where the four allow it.
 */

export const playersPerGame = (state: Pick<RotationState, 'mode'>) => (state.mode === 'doubles' ? 4 : 2);

/** Players on a court now. */
export function onCourt(state: RotationState): Set<string> {
  return new Set(state.games.flatMap((g) => [...g.teams[0], ...g.teams[1]]));
}

/** Ready players neither on court nor held as winners for a court: the queue's members. */
export function waiting(state: RotationState): RotationPlayerRecord[] {
  const busy = onCourt(state);
  for (const h of state.holds) for (const id of h.userIds) busy.add(id);
  return state.players.filter((p) => p.state === 'ready' && !busy.has(p.userId));
}

interface Unit {
  ids: string[];
  boost: number;
  /** Passed over `passedOverMax` times: goes before every fairness count. */
  due: boolean;
  rank: number;
  readySince: number;
  joinSeq: number;
}

const compareUnits = (a: Unit, b: Unit) =>
  b.boost - a.boost ||
  Number(b.due) - Number(a.due) ||
  (a.due ? 0 : a.rank - b.rank) ||
  a.readySince - b.readySince ||
  a.joinSeq - b.joinSeq;

const isDue = (p: RotationPlayerRecord) => (p.passedOver ?? 0) >= ROTATION_LIMITS.passedOverMax;

/**
 * The waiting players (of `queued`) a game of `started` passes over: those not in it who began
 * waiting before the latest of its players who waited (winners held for the court do not count).
 */
export function passedOverBy(queued: RotationPlayerRecord[], started: string[]): Set<string> {
  const playing = queued.filter((p) => started.includes(p.userId));
  if (playing.length === 0) return new Set();
  const latest = Math.max(...playing.map((p) => p.readySince));
  return new Set(queued.filter((p) => !started.includes(p.userId) && p.readySince < latest).map((p) => p.userId));
}

/** `pool` as it will be once a game of `started` starts: everyone it passes over counts one more. */
export function afterStart(
  pool: RotationPlayerRecord[],
  queued: RotationPlayerRecord[],
  started: string[],
): RotationPlayerRecord[] {
  const passed = passedOverBy(queued, started);
  return pool.map((p) => (passed.has(p.userId) ? { ...p, passedOver: (p.passedOver ?? 0) + 1 } : p));
}

/** The waiting players as units (a fixed pair whose partners both wait is one unit), best first. */
export function queueUnits(state: RotationState, pool: RotationPlayerRecord[]): Unit[] {
  const byId = new Map(pool.map((p) => [p.userId, p]));
  const seen = new Set<string>();
  const units: Unit[] = [];
  for (const p of pool) {
    if (seen.has(p.userId)) continue;
    seen.add(p.userId);
    const partner = state.mode === 'doubles' && p.lockedWith ? byId.get(p.lockedWith) : undefined;
    if (partner && !seen.has(partner.userId)) {
      seen.add(partner.userId);
      units.push({
        ids: [p.userId, partner.userId],
        boost: Math.max(p.boost, partner.boost),
        due: isDue(p) || isDue(partner),
        rank: Math.max(p.rank, partner.rank),
        readySince: Math.max(p.readySince, partner.readySince),
        joinSeq: Math.min(p.joinSeq, partner.joinSeq),
      });
    } else {
      units.push({
        ids: [p.userId],
        boost: p.boost,
        due: isDue(p),
        rank: p.rank,
        readySince: p.readySince,
        joinSeq: p.joinSeq,
      });
    }
  }
  return units.sort(compareUnits);
}

/**
 * Takes `slots` players from the pool, best unit first; a fixed pair that does not fit the
 * slots left is passed over once (it leads the next game). Null when too few wait.
 */
export function pickPlayers(
  state: RotationState,
  pool: RotationPlayerRecord[],
  slots: number,
): { ids: string[]; pairs: string[][] } | null {
  const ids: string[] = [];
  const pairs: string[][] = [];
  for (const unit of queueUnits(state, pool)) {
    if (ids.length + unit.ids.length > slots) continue;
    ids.push(...unit.ids);
    if (unit.ids.length === 2) pairs.push(unit.ids);
    if (ids.length === slots) return { ids, pairs };
  }
  return null;
}

/**
 * A player's strength for the split (docs/ON-COURT.md, "Ratings"): their rating's skill once
 * rated, else their declared level on the rating scale. For two sides the model's win chance is
 * a function of the gap of the sides' summed skills over a spread that is the same for every
 * split of the same four, so the closest summed skills are the closest predicted win chance.
 */
const strengthOf = (p: RotationPlayerRecord | undefined) => p?.skill ?? muOfLevel(p?.level ?? UNKNOWN_LEVEL);

/** How much pairing a and b repeats a recent partnership: last game 100, the one before 10, then 1. */
function repeatCost(a: RotationPlayerRecord | undefined, b: RotationPlayerRecord | undefined): number {
  if (!a || !b) return 0;
  const recent = a.partners.slice(-ROTATION_LIMITS.partnerMemory).reverse();
  const at = recent.indexOf(b.userId);
  return at < 0 ? 0 : 10 ** (ROTATION_LIMITS.partnerMemory - 1 - at);
}

/**
 * Splits four players into two pairs: a fixed pair stays together; otherwise the split with the
 * fewest recent partner repeats, then the closest predicted win chance (ratings, declared levels
 * where a player has none), then the first in queue order.
 */
export function splitTeams(state: RotationState, ids: string[], pairs: string[][]): [string[], string[]] {
  if (ids.length === 2) return [[ids[0]!], [ids[1]!]];
  const [first] = pairs;
  if (first) return [first, ids.filter((id) => !first.includes(id))];
  const byId = new Map(state.players.map((p) => [p.userId, p]));
  const [a, b, c, d] = ids.map((id) => byId.get(id));
  const options: [RotationPlayerRecord | undefined, RotationPlayerRecord | undefined][][] = [
    [
      [a, d],
      [b, c],
    ],
    [
      [a, c],
      [b, d],
    ],
    [
      [a, b],
      [c, d],
    ],
  ];
  let best = options[0]!;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const option of options) {
    const [[p1, p2], [p3, p4]] = option as [
      [RotationPlayerRecord, RotationPlayerRecord],
      [RotationPlayerRecord, RotationPlayerRecord],
    ];
    const repeats = repeatCost(p1, p2) + repeatCost(p2, p1) + repeatCost(p3, p4) + repeatCost(p4, p3);
    const gap = Math.abs(strengthOf(p1) + strengthOf(p2) - strengthOf(p3) - strengthOf(p4));
    const cost = repeats * 1000 + gap;
    if (cost < bestCost) {
      best = option;
      bestCost = cost;
    }
  }
  return [best[0]!.map((p) => p!.userId), best[1]!.map((p) => p!.userId)];
}

/**
 * The fairness count a player joining the queue now is given: that of the last in the queue
 * (or the lowest on court when nobody waits), so nobody who has waited is passed by the arrival.
 */
export function catchUpRank(state: RotationState): number {
  const queued = waiting(state);
  if (queued.length > 0) return Math.max(...queued.map((p) => p.rank));
  const busy = onCourt(state);
  const playing = state.players.filter((p) => busy.has(p.userId));
  return playing.length > 0 ? Math.min(...playing.map((p) => p.rank)) : 0;
}
