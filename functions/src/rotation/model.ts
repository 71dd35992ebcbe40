import type { RotationMode, RotationPlayerState, RotationRule, ScoringPoints } from '@shuttle/shared';
import type { PlayerRating, RatingChange } from './ratings.ts';

/**
 * The rotation board as the rule engine sees it (docs/ON-COURT.md, "Rotation"): plain data, no
 * I/O. The repository stores it as one item per session; every operation of `engine.ts` takes a
 * state and answers a new one.
 */

export interface RotationPlayerRecord {
  userId: string;
  name: string;
  /** Level on the 18-level table (docs/MONEY.md, "Player levels"); null: unknown (counted as UNKNOWN_LEVEL). */
  level: number | null;
  /** Rating skill (mu) once they have rated games, for the `balanced` split (absent: from `level`). */
  skill?: number;
  /** Their rating band for the team's admins only (docs/ON-COURT.md, "Admins see the band"); absent: none shown. */
  band?: RatingBandRecord;
  state: RotationPlayerState;
  /** Games started tonight (the one on court included). */
  gamesPlayed: number;
  /**
   * The fairness count the `balanced` rule sorts by: games played plus the catch-up a late
   * arrival (or a player back from a rest) is given so they join at the back of the queue
   * instead of jumping everyone who has played.
   */
  rank: number;
  /** Event number since which the player waits (arrival, end of their game, back from rest). */
  readySince: number;
  /** Event number of arrival (check-in order). */
  joinSeq: number;
  /** Every partner tonight, in game order (doubles). */
  partners: string[];
  /** A fixed partner (a pair who came together), else null. */
  lockedWith: string | null;
  /** Event number of the admin's "move up" (0: none); a moved-up player goes first, cleared when started. */
  boost: number;
  /** Opted in to one LINE push "you are up next" this evening (`checkState/rotation/notifyMe`; absent: no). */
  notifyUpNext?: boolean;
  /** The first push was queued (its outbox record written with the board). */
  upNextQueued?: boolean;
  /** Up-next pushes queued this evening (absent: 1 when `upNextQueued`, else 0); at most `ROTATION_LIMITS.upNextPushes`. */
  upNextSent?: number;
  /**
   * The court the last push named while that game is still to come (null: the first that frees);
   * absent once it started or before any push. A change of that court is told again (up-next.ts).
   */
  upNextCourt?: number | null;
}

export interface RotationGameRecord {
  court: number;
  /** userIds of each side. */
  teams: [string[], string[]];
  startedAt: string;
  /** Consecutive games the side `teams[0]` has stayed on this court as winners (`winnerStays`). */
  stayStreak: number;
}

/** A coming game fixed on the board: promised to `court`, or (null) to the first court that frees. */
export interface RotationComingGame {
  court: number | null;
  teams: [string[], string[]];
}

/** Winners held on a free court for its next game (`winnerStays`). */
interface RotationHold {
  court: number;
  userIds: string[];
  streak: number;
}

export interface RotationLogEntry {
  court: number;
  teams: [string[], string[]];
  startedAt: string;
  endedAt: string | null;
  score: [number, number] | null;
  /** The winning side (0: teams[0]) from the score or a one-tap result; null or absent: no result. */
  winner?: 0 | 1 | null;
  /** What the result did to each player's rating (ratings.ts), so a correction moves it back. */
  ratings?: RatingChange[];
  /** The Idempotency-Key of the finish that ended it: a retry with it answers without a second change. */
  finishKey?: string;
}

export interface RotationState {
  mode: RotationMode;
  rule: RotationRule;
  /** Points a game is played to tonight (docs/ON-COURT.md, "Scores"); absent on older boards: 21. */
  scoring?: ScoringPoints;
  courts: number[];
  games: RotationGameRecord[];
  holds: RotationHold[];
  players: RotationPlayerRecord[];
  /**
   * Coming games fixed on the board, in the order they were fixed (docs/ON-COURT.md, "A court
   * promise"): a game shown on a free court is promised to it and starts there; a game an admin's
   * swap fixed for a busy court (court null) goes on the first court that frees. Absent on boards
   * written before promises.
   */
  promised?: RotationComingGame[];
  /** Boards written before promises: coming games fixed by a swap, read as promised to no court. */
  pinned?: [string[], string[]][];
  /** Guests' ratings for this evening only (guests have no rating item; dropped with the board's evening). */
  guestRatings?: Record<string, PlayerRating>;
  /** Event counter: every change adds one (waiting order). */
  seq: number;
  log: RotationLogEntry[];
}

/** A rating band on the 18-level table (rating-scale.ts, `ratingBand`). */
export interface RatingBandRecord {
  level: number;
  low: number;
  high: number;
  provisional: boolean;
  games: number;
}

/** The level a player without one counts as when the four are split into pairs (middle of 1-18). */
export const UNKNOWN_LEVEL = 9;

/** A player checked in to the session (or added as a walk-in), in check-in order. */
export interface CheckedInPlayer {
  userId: string;
  name: string;
  level: number | null;
  checkedInAt: string;
  /** Their rating's skill when they have rated games (rating items, docs/ON-COURT.md, "Ratings"). */
  skill?: number;
  /** Their band, when the team's admins may see it (rating-repository.ts, `bandForTeam`). */
  band?: RatingBandRecord;
}
