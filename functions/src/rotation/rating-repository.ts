import type { Store } from '#db/client.ts';
import { type RatingItem, ratingCodec } from '#db/codecs/ratings.ts';
import { key } from '#db/keys.ts';
import { batchGetAll } from '#db/query.ts';
import { levelOf, type PlayerRating } from './ratings.ts';

/** The stored shape (TABLE.md, "Rotation"), checked by its codec on every read (`#db/codecs/ratings.ts`). */
export type { RatingItem };

/** A rating Put in a board's write: `expected` the version read (null: no item yet). */
export interface RatingWrite {
  item: RatingItem;
  expected: number | null;
}

const TREND_DAYS = 45;

/** The item after a change to `rating` at `now` (version raised, today's trend point replaced). */
export function nextRatingItem(
  userId: string,
  read: RatingItem | undefined,
  rating: PlayerRating,
  now: string,
): RatingWrite {
  const date = now.slice(0, 10);
  const level = Math.round(levelOf(rating.mu) * 10) / 10;
  const trend = [...(read?.trend ?? []).filter((t) => t.date !== date), { date, level }].slice(-TREND_DAYS);
  return {
    item: { type: 'rating', userId, ...rating, version: (read?.version ?? 0) + 1, updatedAt: now, trend },
    expected: read?.version ?? null,
  };
}

export class RatingRepository {
  constructor(private readonly store: Store) {}

  /** The ratings of these players: one BatchGetItem, strongly consistent (a write follows). */
  async getMany(userIds: string[]): Promise<Map<string, RatingItem>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const items = await batchGetAll(
      this.store,
      ratingCodec,
      ids.map((id) => key.rating(id)),
      { consistent: true },
    );
    return new Map(items.map((i) => [i.userId, i]));
  }
}

/** The transaction item of a rating write, conditioned on the version read. */
export function ratingPut(write: RatingWrite) {
  return {
    Item: ratingCodec.encode(write.item),
    ConditionExpression: write.expected === null ? 'attribute_not_exists(PK)' : 'version = :v',
    ...(write.expected === null ? {} : { ExpressionAttributeValues: { ':v': write.expected } }),
  };
}
