import type { CheckedLevel, LevelGate } from '#bookings/level-gate.ts';
import { levelRefusal } from '#bookings/level-gate.ts';
import type { Store } from '#db/client.ts';
import { oneOf } from '#db/codec.ts';
import { type UserRecord, userCodec } from '#db/codecs/players.ts';
import { type RatingItem, ratingCodec } from '#db/codecs/ratings.ts';
import { type TeamRecord, teamCodec } from '#db/codecs/teams.ts';
import { key } from '#db/keys.ts';
import { batchGetAll } from '#db/query.ts';
import type { SessionRecord } from '#sessions/model.ts';
import { PROVISIONAL_GAMES, ratingBand } from './rating-scale.ts';

/**
 * The level a session's range checks (docs/ON-COURT.md, "Level filters"): the team's rating
 * band for a rated player (not provisional, ratings on) when the team checks ratings, else the
 * declared level.
 */
/** The three items a range check reads, each checked by its codec. */
const GATE_ITEMS = /* @__PURE__ */ oneOf('levelGate', teamCodec, userCodec, ratingCodec);

export function checkedLevel(
  team: Pick<TeamRecord, 'levelCheck'> | undefined,
  declared: number | null,
  rating: RatingItem | undefined,
): CheckedLevel {
  if (team?.levelCheck === 'rating' && rating && !rating.off && rating.games >= PROVISIONAL_GAMES) {
    const { level, low, high } = ratingBand(rating);
    return { checked: 'rating', level, low, high };
  }
  return { checked: 'declared', level: declared };
}

/**
 * The level check of a self-join (`BookingEngine.join`): nothing read for a session without a
 * range; else one BatchGetItem of the team, the player and their rating (TABLE.md, "Level filters").
 */
export class RatingLevelGate implements LevelGate {
  constructor(private readonly store: Store) {}

  async check(session: SessionRecord, userId: string): Promise<void> {
    if (session.levelMin === undefined || session.levelMax === undefined) return;
    const items = await batchGetAll(this.store, GATE_ITEMS, [
      key.team(session.teamId),
      key.user(userId),
      key.rating(userId),
    ]);
    const team = items.find((i): i is TeamRecord => i.type === 'team');
    const user = items.find((i): i is UserRecord => i.type === 'user');
    const rating = items.find((i): i is RatingItem => i.type === 'rating');
    const refusal = levelRefusal(session, checkedLevel(team, user?.level ?? null, rating));
    if (refusal) throw refusal;
  }
}
