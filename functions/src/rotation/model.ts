/**
 * The rotation board as the rule engine sees it (docs/ON-COURT.md, "Rotation"): plain data, no
 * I/O. The repository stores it as one item per session; every operation of `engine.ts` takes a
 * state and answers a new one.
 */

import type { RatingBandRecord } from '#db/codecs/rotation.ts';

/** The board's shapes, checked by the board's codec on every read (`#db/codecs/rotation.ts`). */
export type {
  RatingBandRecord,
  RotationComingGame,
  RotationGameRecord,
  RotationLogEntry,
  RotationPlayerRecord,
  RotationState,
} from '#db/codecs/rotation.ts';

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
