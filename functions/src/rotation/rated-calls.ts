import type { Clock } from '#platform/clock.ts';
import { finish, type GameResult } from './engine.ts';
import type { RotationState } from './model.ts';
import { type StatsDelta, statsDeltas } from './player-stats.ts';
import { correctEntry, entryIndex, type ReadRating, rateEntry } from './rated.ts';
import { nextRatingItem, type RatingWrite } from './rating-repository.ts';
import type { PlayerRating } from './ratings.ts';
import type { RotationItem } from './repository.ts';
import type { RotationService } from './service.ts';
import type { RotationAudience } from './view.ts';

/**
 * The board calls that move ratings (docs/ON-COURT.md, "Ratings"): each reads the game's
 * players' rating items (one BatchGetItem) and writes the changed ones with the board, each on
 * the version read, in one transaction: a lost race runs again from fresh reads, so a game
 * moves ratings exactly once.
 */

/** A finish whose Idempotency-Key the board already holds: answered with the board, nothing written. */
class AlreadyFinished extends Error {
  override name = 'AlreadyFinished';
}

/** The game's players' stored ratings, and the writes for what a rated change answered. */
async function ratingReads(rotation: RotationService, userIds: string[]) {
  const items = await rotation.ratings.getMany(userIds);
  const read = new Map<string, ReadRating>([...items].map(([id, i]) => [id, i]));
  /** The changed ratings, with the game counts the result's change moves (player-stats.ts). */
  const writes = (changed: Map<string, PlayerRating>, now: string, deltas: Map<string, StatsDelta[]>): RatingWrite[] =>
    [...changed].map(([id, r]) => nextRatingItem(id, items.get(id), r, now, deltas.get(id)));
  return { read, writes };
}

const playersOf = (state: RotationState, at: number) => state.log[at]?.teams.flat() ?? [];

export async function finishRated(
  rotation: RotationService,
  clock: Clock,
  audience: RotationAudience,
  input: { sessionId: string; court: number; result: GameResult; key?: string },
): Promise<RotationItem> {
  const { sessionId, court, result, key } = input;
  try {
    const { item } = await rotation.change(
      sessionId,
      async (b) => {
        if (key && b.state.log.some((l) => l.finishKey === key)) throw new AlreadyFinished();
        const now = clock.now().toISOString();
        const ended = finish(b.state, court, result, now);
        const at = ended.log.findLastIndex((l) => l.court === court && l.endedAt === now);
        const log = [...ended.log];
        if (key && at >= 0) log[at] = { ...log[at]!, finishKey: key };
        const state = { ...ended, log };
        if (at < 0 || state.log[at]!.winner == null) return { state };
        const { read, writes } = await ratingReads(rotation, playersOf(state, at));
        const rated = rateEntry(state, at, read);
        const deltas = statsDeltas(undefined, rated.state.log[at], { sessionId, teamId: b.teamId });
        return { state: rated.state, ratings: writes(rated.changed, now, deltas) };
      },
      audience,
    );
    return item;
  } catch (error) {
    if (error instanceof AlreadyFinished) return rotation.require(sessionId);
    throw error;
  }
}

/** `rotation/correctResult`: a finished game's result changed or removed within 30 minutes. */
export async function correctResult(
  rotation: RotationService,
  clock: Clock,
  input: { sessionId: string; gameNo: number; result: GameResult & { remove?: true } },
): Promise<RotationItem> {
  const { item } = await rotation.change(
    input.sessionId,
    async (b) => {
      const at = entryIndex(b.state, input.gameNo);
      const now = clock.now().toISOString();
      const { read, writes } = await ratingReads(rotation, playersOf(b.state, at));
      const corrected = correctEntry(b.state, at, input.result, read, now);
      const deltas = statsDeltas(b.state.log[at], corrected.state.log[at], {
        sessionId: input.sessionId,
        teamId: b.teamId,
      });
      return { state: corrected.state, ratings: writes(corrected.changed, now, deltas) };
    },
    'admin',
  );
  return item;
}
