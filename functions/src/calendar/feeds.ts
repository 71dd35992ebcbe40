import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '#db/client.ts';
import { calendarFeedCodec, calendarFeedPointerCodec } from '#db/codecs/players.ts';
import { key } from '#db/keys.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { readFeedOwner, readFeedPointer } from './feed-repository.ts';

/**
 * Personal calendar feeds ("Calendar feeds" in TABLE.md): a private URL token per player that
 * a calendar app polls. Only the token's SHA-256 keys the lookup item, so the table's keys and
 * stream never carry a working URL; the player's own pointer item keeps the token so the app
 * can show the URL again. A reset or delete removes the old lookup item in the same
 * transaction, so a revoked URL stops working at once.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes as base64url: 43 characters. */
const newToken = () => randomBytes(32).toString('base64url');

/** Concurrent resets of one player: each attempt re-reads the pointer it replaces. */
const ATTEMPTS = 3;

export class CalendarFeeds {
  constructor(private readonly deps: { store: Store; clock: Clock }) {}

  /** The player's current token, or null. 1 GetItem. */
  async current(userId: string): Promise<string | null> {
    return (await readFeedPointer(this.deps.store, userId))?.token ?? null;
  }

  /** Whose feed a URL token opens, or null for an unknown or revoked token. 1 GetItem. */
  owner(token: string): Promise<string | null> {
    return readFeedOwner(this.deps.store, hashOf(token));
  }

  /** A new token replacing the player's previous one (if any). 1 GetItem + 1 transaction. */
  async reset(userId: string): Promise<string> {
    return this.replace(userId, newToken());
  }

  /** Turns the feed off. 1 GetItem + 1 transaction. */
  async remove(userId: string): Promise<void> {
    await this.replace(userId, null);
  }

  private async replace(userId: string, token: string | null): Promise<string> {
    const { store, clock } = this.deps;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const previous = await readFeedPointer(store, userId);
      if (!previous && token === null) return '';
      const tx = new Transaction(store.tableName);
      if (previous) tx.delete('oldFeed', { Key: key.calendarFeed(previous.tokenHash) });
      if (token === null) {
        tx.delete('pointer', {
          Key: key.userCalendarFeed(userId),
          ConditionExpression: 'tokenHash = :old',
          ExpressionAttributeValues: { ':old': previous!.tokenHash },
        });
      } else {
        const tokenHash = hashOf(token);
        const createdAt = clock.now().toISOString();
        tx.put('feed', {
          Item: calendarFeedCodec.encode({ type: 'calendarFeed', userId, createdAt }, tokenHash),
          ConditionExpression: 'attribute_not_exists(PK)',
        });
        tx.put('pointer', {
          Item: calendarFeedPointerCodec.encode({ type: 'calendarFeedPointer', token, tokenHash, createdAt }, userId),
          ...(previous
            ? { ConditionExpression: 'tokenHash = :old', ExpressionAttributeValues: { ':old': previous.tokenHash } }
            : { ConditionExpression: 'attribute_not_exists(PK)' }),
        });
      }
      try {
        await runTransaction(store, tx);
        return token ?? '';
      } catch (error) {
        // Another reset of the same player won the race: decide again from a fresh read.
        if (!(error instanceof TransactionRefusedError && error.failed('pointer'))) throw error;
      }
    }
    throw new DomainError('SERVICE_BUSY');
  }
}
