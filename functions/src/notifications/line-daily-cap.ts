import type { Store } from '#db/client.ts';
import type { Clock } from '#platform/clock.ts';
import { takeDailyPush } from '#teams/line-usage-repository.ts';
import type { TeamRecord } from '#teams/repository.ts';

/**
 * 1:1 LINE pushes a team may cause in one Taipei day (functions/src/app/LIMITS.md, "Fan-out"). An operator
 * raises it for one team with the number `lineDailyPushLimit` on its team item.
 */
export const DEFAULT_DAILY_PUSH_LIMIT = 300;
const DAY_ITEM_TTL_SECONDS = 3 * 86_400;

export const dailyPushLimitOf = (team: Pick<TeamRecord, 'lineDailyPushLimit'>): number => {
  const set = team.lineDailyPushLimit;
  return typeof set === 'number' && set >= 0 ? set : DEFAULT_DAILY_PUSH_LIMIT;
};

/**
 * The per-team, per-Taipei-day count of 1:1 pushes (`TEAM#id / LINEPUSHDAY#day`, TABLE.md
 * "LINE message budget"): a push takes a place with one conditional ADD before it is sent, so
 * parallel dispatchers never pass the cap together.
 */
export class LineDailyCap {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: Pick<Console, 'warn'> = console,
  ) {}

  /** Null when the push may go; past the cap the note to record. A failing count lets it go. */
  async take(team: Pick<TeamRecord, 'id' | 'lineDailyPushLimit'>): Promise<string | null> {
    const limit = dailyPushLimitOf(team);
    try {
      const taken = await takeDailyPush(this.store, team.id, limit, this.clock.now(), DAY_ITEM_TTL_SECONDS);
      return taken ? null : `team's daily 1:1 LINE cap reached (${limit} pushes today)`;
    } catch (error) {
      this.log.warn(`LINE daily pushes of team ${team.id} could not be counted`, error);
      return null;
    }
  }
}
