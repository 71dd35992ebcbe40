import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { type RatingItem, ratingCodec } from '#db/codecs/ratings.ts';
import { key } from '#db/keys.ts';
import { batchGetAll } from '#db/query.ts';
import { applyStats, type StatsDelta } from './player-stats.ts';
import { FIRST_SIGMA, levelOfMu, muOfLevel, ratingBand } from './rating-scale.ts';
import type { PlayerRating } from './ratings.ts';

/** The stored shape (TABLE.md, "Rotation"), checked by its codec on every read (`#db/codecs/ratings.ts`). */
export type { RatingItem };

/** A rating Put in a board's write: `expected` the version read (null: no item yet). */
export interface RatingWrite {
  item: RatingItem;
  expected: number | null;
}

const TREND_DAYS = 45;

/**
 * The item after a change to `rating` at `now` (version raised, today's trend point replaced),
 * with the game counts moved by `deltas`; the switch is kept.
 */
export function nextRatingItem(
  userId: string,
  read: RatingItem | undefined,
  rating: PlayerRating,
  now: string,
  deltas: StatsDelta[] = [],
): RatingWrite {
  const date = now.slice(0, 10);
  const level = Math.round(levelOfMu(rating.mu) * 10) / 10;
  const trend = [...(read?.trend ?? []).filter((t) => t.date !== date), { date, level }].slice(-TREND_DAYS);
  const stats = applyStats(read ?? {}, deltas);
  return {
    item: {
      type: 'rating',
      userId,
      ...stats,
      ...rating,
      ...(read?.off ? { off: true } : {}),
      version: (read?.version ?? 0) + 1,
      updatedAt: now,
      trend,
    },
    expected: read?.version ?? null,
  };
}

/** The item with the ratings switch set (a new item: no rated game, from the declared level). */
export function switchedRatingItem(
  userId: string,
  read: RatingItem | undefined,
  on: boolean,
  level: number | null,
  now: string,
): RatingWrite {
  const base: RatingItem = read ?? {
    type: 'rating',
    userId,
    mu: muOfLevel(level),
    sigma: FIRST_SIGMA,
    games: 0,
    version: 0,
    updatedAt: now,
    trend: [],
  };
  const { off: _was, ...rest } = base;
  return {
    item: { ...rest, ...(on ? {} : { off: true }), version: base.version + 1, updatedAt: now },
    expected: read?.version ?? null,
  };
}

export class RatingRepository {
  constructor(private readonly store: Store) {}

  /** One player's rating item: one GetItem. */
  async get(userId: string, consistent = false): Promise<RatingItem | undefined> {
    const out = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.rating(userId), ConsistentRead: consistent }),
    );
    return ratingCodec.decodeOrNull(out.Item) ?? undefined;
  }

  /** Writes one item on the version read (the ratings switch); false: it changed meanwhile. */
  async put(write: RatingWrite): Promise<boolean> {
    try {
      await this.store.doc.send(new PutCommand({ TableName: this.store.tableName, ...ratingPut(write) }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  /** The ratings of these players: one BatchGetItem, strongly consistent (a write follows) unless told. */
  async getMany(userIds: string[], consistent = true): Promise<Map<string, RatingItem>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const items = await batchGetAll(
      this.store,
      ratingCodec,
      ids.map((id) => key.rating(id)),
      { consistent },
    );
    return new Map(items.map((i) => [i.userId, i]));
  }
}

/**
 * The band a team's admins may see of a player (docs/ON-COURT.md, "Admins see the band"): only
 * after a rated game on one of the team's boards, never when the player turned ratings off.
 */
export function bandForTeam(item: RatingItem | undefined, teamId: string) {
  if (!item || item.off || item.games === 0 || !item.teams?.includes(teamId)) return null;
  return ratingBand(item);
}

/** The transaction item of a rating write, conditioned on the version read. */
export function ratingPut(write: RatingWrite) {
  return {
    Item: ratingCodec.encode(write.item),
    ConditionExpression: write.expected === null ? 'attribute_not_exists(PK)' : 'version = :v',
    ...(write.expected === null ? {} : { ExpressionAttributeValues: { ':v': write.expected } }),
  };
}
