import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { key } from '#db/keys.ts';
import { batchGetAll } from '#db/query.ts';
import { isConditionFailure } from '#db/transaction.ts';
import { randomId } from '#platform/clock.ts';
import { type UserRecord, userIdFor, userIdOfGeneration } from '#players/repository.ts';
import { requestRichMenuLink } from './rich-menu-request.ts';

/**
 * A LINE account as the product knows it: the player who signs in with it, and whether it
 * blocked the official account (docs/LINE.md, "Blocked players"; TABLE.md, "LINE groups").
 */
export class LineFollowers {
  constructor(private readonly store: Store) {}

  /**
   * The player a LINE user id signs in as today: `line_<id>`, or `line_<id>.<n>` after n
   * deletions (docs/PRIVACY.md); null when that LINE account never signed in. One
   * BatchGetItem of the base profile and its deletion count (same partition); one more
   * GetItem only for an account deleted before.
   */
  async playerOf(lineUserId: string): Promise<UserRecord | null> {
    const base = userIdFor('line', lineUserId);
    const items = await batchGetAll<(UserRecord | { SK: 'DELETED'; deletions?: number }) & { SK: string }>(
      this.store,
      [key.user(base), key.deletedLogin(base)],
      { consistent: true },
    );
    const deleted = items.find((item) => item.SK === 'DELETED') as { deletions?: number } | undefined;
    const deletions = Number(deleted?.deletions ?? 0);
    if (deletions === 0) return (items.find((item) => item.SK === 'PROFILE') as UserRecord | undefined) ?? null;
    const { Item } = await this.store.doc.send(
      new GetCommand({
        TableName: this.store.tableName,
        Key: key.user(userIdOfGeneration(base, deletions)),
        ConsistentRead: true,
      }),
    );
    return (Item as UserRecord | undefined) ?? null;
  }

  /**
   * `unfollow` (blocked) or `follow` (unblocked) at the event's time. An older event than the
   * last one applied changes nothing (LINE may redeliver out of order). False when the LINE
   * account has no player or the event is stale.
   */
  async setBlocked(lineUserId: string, blocked: boolean, at: Date): Promise<boolean> {
    const player = await this.playerOf(lineUserId);
    if (!player) return false;
    const when = at.toISOString();
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.user(player.userId),
          UpdateExpression: blocked
            ? 'SET lineBlockedAt = :at, lineFollowChangedAt = :at'
            : 'SET lineFollowChangedAt = :at REMOVE lineBlockedAt',
          ConditionExpression:
            'attribute_exists(PK) AND (attribute_not_exists(lineFollowChangedAt) OR lineFollowChangedAt < :at)',
          ExpressionAttributeValues: { ':at': when },
        }),
      );
      // Following (again): the menu of the player's language, when they chose one (docs/LINE.md, "Rich menus").
      if (!blocked && player.language) {
        await requestRichMenuLink({ store: this.store, ids: randomId }, player.userId, at);
      }
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
