import { addDays, type MyStats, taipeiDate } from '@shuttle/shared';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { eveningCounts } from './player-stats.ts';
import { type RatingItem, type RatingRepository, switchedRatingItem } from './rating-repository.ts';
import { ratingBand } from './rating-scale.ts';
import type { RotationRepository } from './repository.ts';

/**
 * A player's own games and rating (docs/ON-COURT.md, "Players see their own"; TABLE.md,
 * "Rotation"): read from their rating item (one GetItem), the evening's board (one GetItem) and
 * the names of their most frequent partners (one BatchGetItem of at most `SHOWN_PARTNERS`).
 */

/** Games before the rating suggests a level. */
export const SUGGEST_AFTER_GAMES = 5;
const SHOWN_PARTNERS = 5;
const TREND_SHOWN_DAYS = 30;

export interface MyStatsDeps {
  clock: Clock;
  ratings: RatingRepository;
  boards: RotationRepository;
  level: (userId: string) => Promise<number | null>;
  setLevel: (userId: string, level: number) => Promise<number | null>;
  names: (userIds: string[]) => Promise<Map<string, string>>;
}

/** The rating a player may see of themself (null: no rated game, or turned off). */
const shownRating = (item: RatingItem | undefined) => (item && item.games > 0 && !item.off ? item : null);

/** The whole level the games suggest, as a range of whole levels, when it is not the declared one. */
export function suggestedLevel(item: RatingItem | undefined, declared: number | null) {
  const rated = shownRating(item);
  if (!rated || rated.games < SUGGEST_AFTER_GAMES) return null;
  const { level } = ratingBand(rated);
  const whole = Math.min(18, Math.max(1, Math.round(level)));
  if (whole === declared) return null;
  return { level: whole, low: Math.floor(level), high: Math.min(18, Math.ceil(level)) };
}

/** The service over a board service and the players' profiles (the app layer wires it). */
export function newMyStats(
  clock: Clock,
  rotation: { ratings: RatingRepository; repo: RotationRepository },
  users: {
    get: (id: string) => Promise<{ level?: number | null } | null>;
    setLevel: (id: string, level: number) => Promise<number | null>;
    visibleNames: (ids: string[]) => Promise<Map<string, string>>;
  },
): MyStatsService {
  return new MyStatsService({
    clock,
    ratings: rotation.ratings,
    boards: rotation.repo,
    level: async (id) => (await users.get(id))?.level ?? null,
    setLevel: (id, level) => users.setLevel(id, level),
    names: (ids) => users.visibleNames(ids),
  });
}

export class MyStatsService {
  constructor(private readonly d: MyStatsDeps) {}

  async get(userId: string, sessionId: string | undefined): Promise<MyStats> {
    const now = this.d.clock.now();
    const today = taipeiDate(now);
    const [item, declared] = await Promise.all([this.d.ratings.get(userId), this.d.level(userId)]);
    // The evening: the session asked for, else the latest session played today.
    const evening =
      sessionId ?? (item?.lastPlayedAt && taipeiDate(item.lastPlayedAt) === today ? item.lastSessionId : undefined);
    const board = evening ? await this.d.boards.get(evening) : undefined;
    const night = board ? eveningCounts(board.state.log, userId) : { played: 0, won: 0, lost: 0 };
    const month = item?.month?.month === today.slice(0, 7) ? item.month : { played: 0, won: 0, lost: 0 };
    const won = item?.won ?? 0;
    const lost = item?.lost ?? 0;
    const top = Object.entries(item?.partners ?? {})
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .slice(0, SHOWN_PARTNERS);
    const names = top.length ? await this.d.names(top.map(([id]) => id)) : new Map<string, string>();
    const rated = shownRating(item);
    const since = addDays(today, -TREND_SHOWN_DAYS);
    return {
      played: { evening: night.played, month: month.played, all: item?.games ?? 0 },
      won: { evening: night.won, month: month.won, all: won },
      lost: { evening: night.lost, month: month.lost, all: lost },
      rating: rated ? ratingBand(rated) : null,
      trend: rated ? rated.trend.filter((t) => t.date >= since) : [],
      partners: top.flatMap(([id, games]) => (names.has(id) ? [{ name: names.get(id)!, games }] : [])),
      ratingsOn: !item?.off,
      declaredLevel: declared,
      suggested: suggestedLevel(item, declared),
    };
  }

  /** The ratings switch: GetItem and a Put on the version read (twice at most on a race). */
  async setOn(userId: string, on: boolean): Promise<{ on: boolean }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const read = await this.d.ratings.get(userId, true);
      if (read && !read.off === on) return { on };
      const level = read ? null : await this.d.level(userId);
      const write = switchedRatingItem(userId, read, on, level, this.d.clock.now().toISOString());
      if (await this.d.ratings.put(write)) return { on };
    }
    throw new DomainError('SERVICE_BUSY');
  }

  /** Takes the suggested level as the declared one, or 409 NO_SUGGESTED_LEVEL. */
  async acceptSuggested(userId: string): Promise<{ level: number }> {
    const [item, declared] = await Promise.all([this.d.ratings.get(userId, true), this.d.level(userId)]);
    const suggested = suggestedLevel(item, declared);
    if (!suggested) throw new DomainError('NO_SUGGESTED_LEVEL');
    await this.d.setLevel(userId, suggested.level);
    return { level: suggested.level };
  }
}
