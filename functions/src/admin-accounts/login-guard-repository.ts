import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { type LoginGuardRecord, loginGuardCodec } from '#db/codecs/admin.ts';
import { adminKey, ttlAt } from '#db/keys.ts';
import { isConditionFailure } from '#db/transaction.ts';

/**
 * The failed-login guard of an email (`ADMINEMAIL#email / LOGINGUARD`, TABLE.md; the rules:
 * sign-in.ts): every write is conditional, so parallel tries are counted once each.
 */

export type { LoginGuardRecord };

/** The guard, read strongly (the try that follows is counted against it), or null. */
export async function readLoginGuard(store: Store, email: string): Promise<LoginGuardRecord | null> {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: adminKey.loginGuard(email), ConsistentRead: true }),
  );
  return loginGuardCodec.decodeOrNull(Item);
}

/**
 * Counts one try from `addressHash` at `now`. `pinnedTo`: the last try's time as read, once tries
 * are spaced (only one try per slot gets through); else the count must stay below `freeTries`.
 * Null when the condition refused the try.
 */
export async function countTry(
  store: Store,
  email: string,
  input: { now: Date; addressHash: string; pinnedTo?: string; freeTries: number },
): Promise<LoginGuardRecord | null> {
  const { now, addressHash, pinnedTo, freeTries } = input;
  try {
    const { Attributes } = await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: adminKey.loginGuard(email),
        UpdateExpression: [
          'ADD failures :one SET windowStartsAt = if_not_exists(windowStartsAt, :now), lastTryAt = :now,',
          'firstAddress = if_not_exists(firstAddress, :address), #ttl = :ttl',
        ].join(' '),
        // Parallel tries: below the free tries any may go; past them, one per slot.
        ConditionExpression: pinnedTo ? 'lastTryAt = :seen' : 'attribute_not_exists(failures) OR failures < :free',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': now.toISOString(),
          ':address': addressHash,
          ':ttl': ttlAt(now, 24 * 3600),
          ...(pinnedTo ? { ':seen': pinnedTo } : { ':free': freeTries }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return loginGuardCodec.decode(Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** A right password ends the window. */
export async function clearLoginGuard(store: Store, email: string): Promise<void> {
  await store.doc.send(new DeleteCommand({ TableName: store.tableName, Key: adminKey.loginGuard(email) }));
}

/** Forgets a window that is too old to count, unless another try started a new one meanwhile. */
export async function forgetLoginWindow(store: Store, email: string, windowStartsAt: string): Promise<void> {
  await store.doc
    .send(
      new DeleteCommand({
        TableName: store.tableName,
        Key: adminKey.loginGuard(email),
        ConditionExpression: 'windowStartsAt = :seen',
        ExpressionAttributeValues: { ':seen': windowStartsAt },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Whether this caller sends the window's one alert email (the conditional write decides). */
export async function claimLoginAlert(
  store: Store,
  email: string,
  windowStartsAt: string,
  now: Date,
): Promise<boolean> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: adminKey.loginGuard(email),
        UpdateExpression: 'SET alertedAt = :now',
        ConditionExpression: 'attribute_not_exists(alertedAt) AND windowStartsAt = :window',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':window': windowStartsAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
