import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { type RotationItem, rotationCodec, rotationScreenCodec } from '#db/codecs/rotation.ts';
import { key } from '#db/keys.ts';
import { batchGetAll } from '#db/query.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { OutboxItem } from '#outbox/model.ts';
import { type RatingWrite, ratingPut } from './rating-repository.ts';

/** The stored shape, checked by its codec on every read (`#db/codecs/rotation.ts`). */
export type { RotationItem };

/** Another writer changed the board since it was read; nothing was written. */
export class RotationVersionConflict extends Error {
  override name = 'RotationVersionConflict';
}

/** Up-next records already in the table (`ids`); the board was not written. */
export class RotationNoticeExists extends Error {
  override name = 'RotationNoticeExists';
  constructor(readonly ids: string[]) {
    super(`Up-next notices already written: ${ids.join(', ')}`);
  }
}

export const hashScreenToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newScreenToken = () => randomBytes(32).toString('base64url');

/** The venue-screen token's lookup item: the session its hash opens. */
const screenItem = (board: RotationItem) =>
  rotationScreenCodec.encode(
    { type: 'rotationScreen', sessionId: board.sessionId },
    hashScreenToken(board.screenToken),
  );

export class RotationRepository {
  constructor(private readonly store: Store) {}

  /** GetItem, strongly consistent (a write follows). */
  async get(sessionId: string): Promise<RotationItem | null> {
    const out = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.rotation(sessionId), ConsistentRead: true }),
    );
    return rotationCodec.decodeOrNull(out.Item);
  }

  /**
   * Games one player played on the boards of these sessions (a player's history, TABLE.md,
   * "Rotation"): BatchGetItem of the boards, 100 keys a call. Sessions without a board, or whose
   * board does not hold the player, are left out.
   */
  async gamesPlayedOf(sessionIds: string[], userId: string): Promise<Map<string, number>> {
    const keys = [...new Set(sessionIds)].map((id) => key.rotation(id));
    const boards = keys.length === 0 ? [] : await batchGetAll(this.store, rotationCodec, keys);
    const games = new Map<string, number>();
    for (const board of boards) {
      const player = board.state.players.find((p) => p.userId === userId);
      if (player) games.set(board.sessionId, player.gamesPlayed);
    }
    return games;
  }

  /** The session a screen token opens: GetItem on the token's hash. */
  async sessionOfScreen(token: string): Promise<string | null> {
    const out = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.rotationScreen(hashScreenToken(token)) }),
    );
    return rotationScreenCodec.decodeOrNull(out.Item)?.sessionId ?? null;
  }

  /** Opens a board with its screen token (one transaction); a board already there is a conflict. */
  async create(item: RotationItem): Promise<void> {
    const tx = new Transaction(this.store.tableName)
      .put('board', { Item: rotationCodec.encode(item), ConditionExpression: 'attribute_not_exists(PK)' })
      .put('screen', { Item: screenItem(item) });
    try {
      await runTransaction(this.store, tx);
    } catch (error) {
      if (error instanceof TransactionRefusedError) throw new RotationVersionConflict();
      throw error;
    }
  }

  /**
   * Writes the board if it is still at `expected`; the item's `version` must be `expected + 1`.
   * `notices` (up-next pushes, `up-next.ts`) go in the same transaction, each put only if absent,
   * and `ratings` (a game's rating changes), each on the version read: any of them changed
   * meanwhile is a conflict like the board's.
   */
  async replace(
    item: RotationItem,
    expected: number,
    previousScreenToken?: string,
    notices: OutboxItem[] = [],
    ratings: RatingWrite[] = [],
  ): Promise<void> {
    const board = {
      Item: rotationCodec.encode(item),
      ConditionExpression: 'version = :expected',
      ExpressionAttributeValues: { ':expected': expected },
    };
    const newToken = Boolean(previousScreenToken && previousScreenToken !== item.screenToken);
    if (newToken || notices.length > 0 || ratings.length > 0) {
      const tx = new Transaction(this.store.tableName).put('board', board);
      if (newToken && previousScreenToken) {
        // A new screen token: the old one stops working in the same write.
        tx.delete('old', { Key: key.rotationScreen(hashScreenToken(previousScreenToken)) }).put('screen', {
          Item: screenItem(item),
        });
      }
      // A game's rating changes go with the board that records them: exactly once (docs/ON-COURT.md, "Ratings").
      for (const write of ratings) tx.put(`rating:${write.item.userId}`, ratingPut(write));
      for (const notice of notices) {
        tx.put(`notice:${notice.id}`, { Item: notice, ConditionExpression: 'attribute_not_exists(PK)' });
      }
      try {
        await runTransaction(this.store, tx);
      } catch (error) {
        if (!(error instanceof TransactionRefusedError)) throw error;
        if (error.failed('board') || ratings.some((w) => error.failed(`rating:${w.item.userId}`)))
          throw new RotationVersionConflict();
        throw new RotationNoticeExists(notices.filter((n) => error.failed(`notice:${n.id}`)).map((n) => n.id));
      }
      return;
    }
    try {
      await this.store.doc.send(new PutCommand({ TableName: this.store.tableName, ...board }));
    } catch (error) {
      if (isConditionFailure(error)) throw new RotationVersionConflict();
      throw error;
    }
  }
}
