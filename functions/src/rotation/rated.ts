import { DEFAULT_SCORING } from '@shuttle/shared';
import { isGuestId } from '#db/keys.ts';
import { DomainError } from '#platform/errors.ts';
import { type GameResult, winnerOf } from './engine.ts';
import type { RotationState } from './model.ts';
import { ratingBand } from './rating-scale.ts';
import {
  applyChange,
  firstRating,
  type PlayerRating,
  RATING,
  type RatingChange,
  rateGame,
  revertChange,
} from './ratings.ts';

/**
 * A game's result and the ratings it moves (docs/ON-COURT.md, "Ratings"): pure. `read` holds
 * the stored ratings of the game's players with an account (absent: none yet); guests' evening
 * ratings live on the board (`guestRatings`). Each answers the new state and the ratings to write
 * for players with an account, so the board and the ratings are written together, once.
 */

/** A stored rating as read: `off` when its player turned ratings off (their skill stays off the board). */
export type ReadRating = PlayerRating & { off?: boolean };

/**
 * Each player's rating now: stored, the guest's evening one, else the first from their declared
 * level (an item without a rated game, e.g. only the ratings switch, holds no rating).
 */
function ratingOf(state: RotationState, read: Map<string, ReadRating>, userId: string): PlayerRating {
  const stored = isGuestId(userId) ? state.guestRatings?.[userId] : read.get(userId);
  if (stored && stored.games > 0) return { mu: stored.mu, sigma: stored.sigma, games: stored.games };
  return firstRating(state.players.find((p) => p.userId === userId)?.level ?? null);
}

/** The state with `ratings` set for guests; accounts' new ratings answered apart. */
function settle(
  state: RotationState,
  ratings: Map<string, PlayerRating>,
  read: Map<string, ReadRating>,
): { state: RotationState; changed: Map<string, PlayerRating> } {
  const guestRatings = { ...state.guestRatings };
  const changed = new Map<string, PlayerRating>();
  for (const [id, r] of ratings) {
    if (isGuestId(id)) guestRatings[id] = r;
    else changed.set(id, r);
  }
  // The board's players carry their skill for the `balanced` split (rules.ts); unrated or
  // turned off: from their declared level.
  const players = state.players.map((p) => {
    const r = ratings.get(p.userId);
    if (!r) return p;
    const { skill: _old, band: _was, ...rest } = p;
    // Rated here, they played with this team: its admins see the band (unless turned off).
    return r.games > 0 && !read.get(p.userId)?.off ? { ...rest, skill: r.mu, band: ratingBand(r) } : rest;
  });
  return { state: { ...state, guestRatings, players }, changed };
}

/** Rates log entry `at` (which has a winner and no rating change yet): the four (or two) move once. */
export function rateEntry(
  state: RotationState,
  at: number,
  read: Map<string, ReadRating>,
): { state: RotationState; changed: Map<string, PlayerRating> } {
  const entry = state.log[at];
  if (!entry || entry.winner == null || entry.ratings) return { state, changed: new Map() };
  const before = entry.teams.map((side) => side.map((id) => ratingOf(state, read, id))) as [
    PlayerRating[],
    PlayerRating[],
  ];
  const after = rateGame(before, entry.winner);
  const changes: RatingChange[] = [];
  const next = new Map<string, PlayerRating>();
  for (const s of [0, 1] as const) {
    entry.teams[s].forEach((id, i) => {
      const b = before[s]![i]!;
      const change = { userId: id, before: { mu: b.mu, sigma: b.sigma }, after: after[s]![i]! };
      changes.push(change);
      next.set(id, applyChange(b, change));
    });
  }
  const log = [...state.log];
  log[at] = { ...entry, ratings: changes };
  return settle({ ...state, log }, next, read);
}

/** Moves back what log entry `at`'s result did to the ratings (later games stay as they are). */
function revertEntry(
  state: RotationState,
  at: number,
  read: Map<string, ReadRating>,
): { state: RotationState; changed: Map<string, PlayerRating> } {
  const entry = state.log[at]!;
  const next = new Map<string, PlayerRating>();
  for (const change of entry.ratings ?? [])
    next.set(change.userId, revertChange(ratingOf(state, read, change.userId), change));
  const { ratings: _moved, ...rest } = entry;
  const log = [...state.log];
  log[at] = rest;
  return settle({ ...state, log }, next, read);
}

/** Log entry of game `gameNo` (1: the evening's first game), or 404. */
export function entryIndex(state: RotationState, gameNo: number): number {
  const at = gameNo - 1;
  if (!state.log[at]) throw new DomainError('NOT_FOUND', `No game ${gameNo} on this board`);
  return at;
}

/**
 * Changes or removes the result of a finished game within 30 minutes of its finish: its rating
 * change is moved back, then the new result (if any) rated from there. Later games are not replayed.
 */
export function correctEntry(
  state: RotationState,
  at: number,
  result: GameResult & { remove?: true },
  read: Map<string, ReadRating>,
  now: string,
): { state: RotationState; changed: Map<string, PlayerRating> } {
  const entry = state.log[at]!;
  if (!entry.endedAt)
    throw new DomainError('VALIDATION_FAILED', 'That game is still on court', [
      { path: 'gameNo', message: 'Not finished yet' },
    ]);
  if (Date.parse(now) - Date.parse(entry.endedAt) > RATING.correctionMinutes * 60_000)
    throw new DomainError('CORRECTION_CLOSED');
  if (!result.remove && result.score === undefined && result.winner === undefined)
    throw new DomainError('VALIDATION_FAILED', 'A correction names a score, a winner or remove', [
      { path: 'winner', message: 'Required unless score or remove' },
    ]);
  const winner = result.remove ? null : winnerOf(state.scoring ?? DEFAULT_SCORING, result);
  const reverted = revertEntry(state, at, read);
  const log = [...reverted.state.log];
  log[at] = { ...log[at]!, score: result.remove ? null : (result.score ?? null), winner };
  const corrected = { ...reverted.state, seq: state.seq + 1, log };
  if (winner === null) return { state: corrected, changed: reverted.changed };
  // Rate the new result from the ratings as the move back left them.
  const readAfter = new Map(read);
  for (const [id, r] of reverted.changed) readAfter.set(id, { ...r, off: read.get(id)?.off });
  const rated = rateEntry(corrected, at, readAfter);
  return { state: rated.state, changed: new Map([...reverted.changed, ...rated.changed]) };
}
