import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { taipeiDate, taipeiMonth } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { lineUsageCodec } from '#db/codecs/teams.ts';
import { key, ttlAt } from '#db/keys.ts';
import { isConditionFailure } from '#db/transaction.ts';
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
    const usage = lineUsageCodec.decodeOrNull(Item);
    return { month, used: usage?.used ?? 0, budget: lineBudgetOf(team), service: usage?.service ?? 0 };
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

/**
 * Takes one place of the team's 1:1 pushes of a Taipei day (`TEAM#id / LINEPUSHDAY#day`, TABLE.md
 * "LINE message budget"): one conditional ADD, so parallel dispatchers never pass `limit`
 * together. False when the day's pushes reached it.
 */
export async function takeDailyPush(
  store: Store,
  teamId: string,
  limit: number,
  now: Date,
  ttlSeconds: number,
): Promise<boolean> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: key.teamLinePushDay(teamId, taipeiDate(now)),
        UpdateExpression: 'ADD pushes :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(pushes) OR pushes < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': ttlAt(now, ttlSeconds) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
