import type { LineMessaging } from '#line/client.ts';
import type { Clock } from '#platform/clock.ts';
import { type LineUsage, type LineUsageRepository, overBudget } from '#teams/line-usage-repository.ts';
import type { TeamRecord } from '#teams/repository.ts';

export const GROUP_SIZE_CACHE_MS = 60 * 60_000;

/**
 * A team's monthly LINE message budget as the dispatcher sees it: whether the team is at or
 * over it, and counting what was pushed for the team (a player push is 1 message, a group push
 * one per member, as LINE bills it). The group sizes are cached per process for an hour.
 */
export class LineBudget {
  private readonly sizes = new Map<string, { at: number; size: Promise<number> }>();

  constructor(
    private readonly usage: LineUsageRepository,
    private readonly line: Pick<LineMessaging, 'getGroupMemberCount'>,
    private readonly clock: Clock,
    private readonly log: Pick<Console, 'warn'> = console,
  ) {}

  /** The note to record when the team is at or over its budget, else null. */
  async exhausted(team: Pick<TeamRecord, 'id' | 'lineMonthlyBudget'>): Promise<string | null> {
    let usage: LineUsage;
    try {
      usage = await this.usage.read(team, this.clock.now());
    } catch (error) {
      this.log.warn(`LINE usage of team ${team.id} could not be read`, error);
      return null;
    }
    return overBudget(usage) ? `team LINE budget reached (${usage.used}/${usage.budget} messages this month)` : null;
  }

  /** Members of a group (at least 1; 1 when LINE cannot tell), read at most once an hour per group. */
  groupSize(groupId: string): Promise<number> {
    const now = this.clock.now().getTime();
    const cached = this.sizes.get(groupId);
    if (cached && now - cached.at < GROUP_SIZE_CACHE_MS) return cached.size;
    const size = this.line.getGroupMemberCount(groupId).then(
      (answer) => Math.max(1, typeof answer.count === 'number' ? answer.count : 1),
      (error: unknown) => {
        this.log.warn(`LINE group ${groupId}: member count could not be read`, error);
        this.sizes.delete(groupId);
        return 1;
      },
    );
    this.sizes.set(groupId, { at: now, size });
    return size;
  }

  /**
   * Counts pushed messages against the team's month (or, `service`, its free service messages,
   * shown beside them); a failed count is logged, never fatal.
   */
  async count(teamId: string, messages: number, counter: 'used' | 'service' = 'used'): Promise<void> {
    try {
      await this.usage.add(teamId, messages, this.clock.now(), counter);
    } catch (error) {
      this.log.warn(`LINE usage of team ${teamId} could not be counted`, error);
    }
  }
}
