import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_NO_SHOW_RULE, type NoShowRule } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { key } from '#db/keys.ts';
import { isConditionFailure } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';

/**
 * The team's no-show rule (`noShowLimit`, `noShowWindowDays`, `noShowPenaltyDays`,
 * `lateCancelCountsHalf`): attributes of the team item, unset ones at their defaults (off).
 * docs/MONEY.md, "No-show rule".
 */
export class NoShowSettings {
  constructor(private readonly store: Store) {}

  /** The rule and the team's cancel window (late cancellations are those inside it). */
  async get(teamId: string): Promise<NoShowRule & { cancelWindowMinutes: number }> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.team(teamId), ConsistentRead: true }),
    );
    if (!Item) throw new DomainError('TEAM_NOT_FOUND');
    return {
      noShowLimit: Item.noShowLimit ?? DEFAULT_NO_SHOW_RULE.noShowLimit,
      noShowWindowDays: Item.noShowWindowDays ?? DEFAULT_NO_SHOW_RULE.noShowWindowDays,
      noShowPenaltyDays: Item.noShowPenaltyDays ?? DEFAULT_NO_SHOW_RULE.noShowPenaltyDays,
      lateCancelCountsHalf: Item.lateCancelCountsHalf ?? DEFAULT_NO_SHOW_RULE.lateCancelCountsHalf,
      cancelWindowMinutes: Item.cancelWindowMinutes ?? 0,
    };
  }

  async update(teamId: string, rule: NoShowRule): Promise<NoShowRule> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.team(teamId),
          UpdateExpression:
            'SET noShowLimit = :limit, noShowWindowDays = :window, noShowPenaltyDays = :penalty, lateCancelCountsHalf = :half',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: {
            ':limit': rule.noShowLimit,
            ':window': rule.noShowWindowDays,
            ':penalty': rule.noShowPenaltyDays,
            ':half': rule.lateCancelCountsHalf,
          },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('TEAM_NOT_FOUND');
      throw error;
    }
    return rule;
  }
}
