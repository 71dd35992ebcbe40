import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { taipeiMonth } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { key, ttlAt } from '#db/keys.ts';
import type { TeamRecord } from './repository.ts';

/** A usage item outlives its month by about ten days (TABLE.md, "LINE message budget"). */
export const LINE_USAGE_TTL_SECONDS = 40 * 86_400;

/**
 * This Taipei month's LINE messages of a team: `used` the Official Account's (billable) against
 * its budget (0: no budget), `service` the free LINE MINI App service messages (docs/LINE.md).
 */
export interface LineUsage {
  month: string;
  used: number;
  budget: number;
  service: number;
}

export const lineBudgetOf = (team: Pick<TeamRecord, 'lineMonthlyBudget'>): number =>
  typeof team.lineMonthlyBudget === 'number' && team.lineMonthlyBudget > 0 ? team.lineMonthlyBudget : 0;

/** At or over a set budget: free paths are preferred (docs/DECISIONS.md: LINE message budget). */
export const overBudget = (usage: LineUsage): boolean => usage.budget > 0 && usage.used >= usage.budget;

/** The per-team, per-Taipei-month counter of LINE messages (`TEAM#id / LINEUSAGE#month`). */
export class LineUsageRepository {
  constructor(private readonly store: Store) {}

  async read(team: Pick<TeamRecord, 'id' | 'lineMonthlyBudget'>, now: Date): Promise<LineUsage> {
    const month = taipeiMonth(now);
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.teamLineUsage(team.id, month) }),
    );
    const count = (value: unknown) => (typeof value === 'number' ? value : 0);
    return { month, used: count(Item?.used), budget: lineBudgetOf(team), service: count(Item?.service) };
  }

  /**
   * Counts `messages` more for the team's month, billable pushes (`used`) or service messages
   * (`service`): one atomic ADD, so parallel sends all count.
   */
  async add(teamId: string, messages: number, now: Date, counter: 'used' | 'service' = 'used'): Promise<void> {
    if (messages <= 0) return;
    await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.tableName,
        Key: key.teamLineUsage(teamId, taipeiMonth(now)),
        UpdateExpression: `ADD ${counter} :n SET #ttl = if_not_exists(#ttl, :ttl)`,
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':n': messages, ':ttl': ttlAt(now, LINE_USAGE_TTL_SECONDS) },
      }),
    );
  }
}
