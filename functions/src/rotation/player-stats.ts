import { taipeiDate } from '@shuttle/shared';
import { isGuestId } from '#db/keys.ts';
import type { RotationLogEntry } from './model.ts';

/**
 * A player's game counts kept on their rating item (docs/ON-COURT.md, "Players see their own";
 * TABLE.md, "Rotation"): won and lost all time (played all time is the rating's `games`), the
 * current month's played/won/lost, partners' game counts (at most `PARTNERS_KEPT`) and the
 * latest session played. Written with the rating in the board's transaction, so they move
 * exactly when the rating does; a correction takes back what the old result counted. Pure.
 */

export const PARTNERS_KEPT = 30;
/** Teams whose boards the player had rated games on, latest first (their admins may see the band). */
export const TEAMS_KEPT = 20;

export interface MonthCounts {
  /** `YYYY-MM` in Taipei. */
  month: string;
  played: number;
  won: number;
  lost: number;
}

export interface GameStats {
  won?: number;
  lost?: number;
  month?: MonthCounts;
  /** Partner's user id -> rated games together (guests not kept). */
  partners?: Record<string, number>;
  /** The latest session with a rated game, and when that game ended. */
  lastSessionId?: string;
  lastPlayedAt?: string;
  /** Teams the player played rated games with, latest first, at most `TEAMS_KEPT`. */
  teams?: string[];
}

/** What one game's result adds to one player's counts (sign -1: taken back). */
export interface StatsDelta {
  sign: 1 | -1;
  won: boolean;
  month: string;
  partners: string[];
  sessionId: string;
  teamId: string;
  endedAt: string;
}

/** Each account player's delta of a log entry's result (none unless it was rated). */
function deltasOf(
  entry: RotationLogEntry | undefined,
  sign: 1 | -1,
  board: { sessionId: string; teamId: string },
): Map<string, StatsDelta> {
  const out = new Map<string, StatsDelta>();
  if (!entry?.ratings || entry.winner == null || !entry.endedAt) return out;
  const month = taipeiDate(entry.endedAt).slice(0, 7);
  entry.teams.forEach((side, s) => {
    for (const id of side) {
      if (isGuestId(id)) continue;
      const partners = side.filter((p) => p !== id && !isGuestId(p));
      out.set(id, { sign, won: entry.winner === s, month, partners, ...board, endedAt: entry.endedAt! });
    }
  });
  return out;
}

/** The deltas of a game's result changing from `before` to `after` (a finish: `before` undefined). */
export function statsDeltas(
  before: RotationLogEntry | undefined,
  after: RotationLogEntry | undefined,
  board: { sessionId: string; teamId: string },
): Map<string, StatsDelta[]> {
  const out = new Map<string, StatsDelta[]>();
  for (const [id, d] of [...deltasOf(before, -1, board), ...deltasOf(after, 1, board)])
    out.set(id, [...(out.get(id) ?? []), d]);
  return out;
}

/** The counts after `deltas`. A month before the one kept (a correction across a month's end) leaves the month. */
export function applyStats(stats: GameStats, deltas: StatsDelta[]): GameStats {
  let { won = 0, lost = 0, month, partners = {}, lastSessionId, lastPlayedAt, teams = [] } = stats;
  partners = { ...partners };
  for (const d of deltas) {
    if (d.won) won = Math.max(0, won + d.sign);
    else lost = Math.max(0, lost + d.sign);
    if (!month || d.month > month.month) month = { month: d.month, played: 0, won: 0, lost: 0 };
    if (d.month === month.month) {
      const m = month;
      month = {
        month: m.month,
        played: Math.max(0, m.played + d.sign),
        won: d.won ? Math.max(0, m.won + d.sign) : m.won,
        lost: d.won ? m.lost : Math.max(0, m.lost + d.sign),
      };
    }
    for (const p of d.partners) {
      const n = (partners[p] ?? 0) + d.sign;
      if (n > 0) partners[p] = n;
      else delete partners[p];
    }
    // A team stays once played with (a result taken back does not undo the evening).
    if (d.sign === 1) teams = [d.teamId, ...teams.filter((t) => t !== d.teamId)].slice(0, TEAMS_KEPT);
    if (d.sign === 1 && (!lastPlayedAt || d.endedAt >= lastPlayedAt)) {
      lastSessionId = d.sessionId;
      lastPlayedAt = d.endedAt;
    }
  }
  // Keep the partners with the most games (ties: the id, so the choice is stable).
  const kept = Object.entries(partners)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, PARTNERS_KEPT);
  return {
    won,
    lost,
    ...(month ? { month } : {}),
    partners: Object.fromEntries(kept),
    ...(lastSessionId ? { lastSessionId, lastPlayedAt } : {}),
    ...(teams.length ? { teams } : {}),
  };
}

/** The evening's counts of `userId` from the board's log (games with a result). */
export function eveningCounts(log: RotationLogEntry[], userId: string) {
  let won = 0;
  let lost = 0;
  for (const entry of log) {
    if (entry.winner == null) continue;
    const side = entry.teams.findIndex((t) => t.includes(userId));
    if (side < 0) continue;
    if (side === entry.winner) won++;
    else lost++;
  }
  return { played: won + lost, won, lost };
}
