import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { key } from '#db/keys.ts';
import { DEFAULT_RETRY, isTransientStoreError, type RetryPolicy, withRetry } from '#platform/retry.ts';

/**
 * Which players' records exist, for the member token check: a deleted account's tokens stop
 * working (docs/PRIVACY.md). A record seen to exist is remembered by this process for
 * `LIVE_FOR_MS`, so a warm instance spends no read on it and a join still costs two calls
 * (docs/ARCHITECTURE.md); a login remembers its player, a deletion forgets it at once here and
 * within `LIVE_FOR_MS` on every other instance. The read is retried like the engine's.
 */
export const LIVE_FOR_MS = 5 * 60_000;
const MAX_REMEMBERED = 20_000;
const seen = new Map<string, number>();

const keyOf = (store: Store, userId: string) => `${store.tableName}\u0000${userId}`;

export function rememberLivePlayer(store: Store, userId: string, now = Date.now()): void {
  const k = keyOf(store, userId);
  seen.delete(k);
  seen.set(k, now + LIVE_FOR_MS);
  if (seen.size > MAX_REMEMBERED) seen.delete(seen.keys().next().value!);
}

export function forgetLivePlayer(store: Store, userId: string): void {
  seen.delete(keyOf(store, userId));
}

export async function playerIsLive(
  store: Store,
  userId: string,
  retry: RetryPolicy = DEFAULT_RETRY,
  now = Date.now(),
): Promise<boolean> {
  const until = seen.get(keyOf(store, userId));
  if (until !== undefined && until > now) return true;
  const { Item } = await withRetry(
    () =>
      store.doc.send(new GetCommand({ TableName: store.tableName, Key: key.user(userId), ProjectionExpression: 'PK' })),
    isTransientStoreError,
    retry,
  );
  if (Item === undefined) {
    forgetLivePlayer(store, userId);
    return false;
  }
  rememberLivePlayer(store, userId, now);
  return true;
}

/** Whether the player's record exists, read strongly and never from this process's memory (a recheck). */
export async function playerRecordExists(store: Store, userId: string): Promise<boolean> {
  const { Item } = await store.doc.send(
    new GetCommand({
      TableName: store.tableName,
      Key: key.user(userId),
      ProjectionExpression: 'PK',
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}
