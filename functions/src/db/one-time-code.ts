import { timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { VERIFICATION_MAX_WRONG_TRIES, VERIFICATION_MAX_WRONG_TRIES_PER_DAY } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import type { Store } from './client.ts';
import type { ReadCodec, StoredItem } from './codec.ts';
import { codeTriesCodec } from './codecs/players.ts';
import { ttlAt } from './keys.ts';
import { isConditionFailure, Transaction } from './transaction.ts';

type ItemKey = { PK: string; SK: string };

/** What every stored one-time code (email verification, password reset) keeps. */
export interface StoredCode {
  codeHash: string;
  expiresAt: string;
  wrongTries: number;
}

/** Name of the code's item in the transaction that spends it: its refusal means the code is gone. */
export const CODE_ITEM = 'code';

/**
 * Stores a new code (an item its codec encoded) unless one was sent after `cooldownEdge`: one
 * send a minute. False when the cooldown refused it; nothing was written then.
 */
export async function putCode(store: Store, item: StoredItem, cooldownEdge: string): Promise<boolean> {
  try {
    await store.doc.send(
      new PutCommand({
        TableName: store.tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(PK) OR sentAt <= :edge',
        ExpressionAttributeValues: { ':edge': cooldownEdge },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The stored code under this key, read strongly (a try follows), or null. */
export async function readCode<T>(store: Store, codec: ReadCodec<T>, codeKey: ItemKey): Promise<T | null> {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: codeKey, ConsistentRead: true }),
  );
  return codec.decodeOrNull(Item);
}

/** Drops a code (its email never left, or a reset was withdrawn), so a new one may be asked for at once. */
export async function dropCode(store: Store, codeKey: ItemKey): Promise<void> {
  await store.doc.send(new DeleteCommand({ TableName: store.tableName, Key: codeKey }));
}

/** Two hex HMACs compared in constant time. */
export function sameHash(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * One try of a stored code. Besides the code's own five tries, every try counts against the
 * account's day (`triesKey`, an item a new code does not reset) before the code is compared, so
 * neither asking for new codes nor parallel guesses get more than ten wrong tries a day.
 * Refusals: CODE_NOT_REQUESTED (none, or spent or replaced meanwhile), CODE_EXPIRED,
 * CODE_TOO_MANY_TRIES (this code), TOO_MANY_ATTEMPTS (the day), CODE_INCORRECT. A matching code
 * returns the items that spend it (delete the code, give the try back) for the caller's transaction.
 */
export async function tryCode<T extends StoredCode>(
  store: Store,
  input: {
    codeKey: ItemKey;
    triesKey: ItemKey;
    stored: T | null | undefined;
    now: Date;
    matches: (stored: T) => boolean;
  },
): Promise<{ code: T; spend: Transaction }> {
  const { stored, now } = input;
  if (!stored) throw new DomainError('CODE_NOT_REQUESTED');
  if (Date.parse(stored.expiresAt) <= now.getTime()) throw new DomainError('CODE_EXPIRED');
  if (stored.wrongTries >= VERIFICATION_MAX_WRONG_TRIES) throw new DomainError('CODE_TOO_MANY_TRIES');
  const triesLeft = await takeTry(store, input.triesKey, now);

  if (input.matches(stored)) {
    const spend = new Transaction(store.tableName)
      .delete(CODE_ITEM, {
        Key: input.codeKey,
        ConditionExpression: 'codeHash = :hash AND wrongTries < :max',
        ExpressionAttributeValues: { ':hash': stored.codeHash, ':max': VERIFICATION_MAX_WRONG_TRIES },
      })
      .update('codeTries', {
        Key: input.triesKey,
        UpdateExpression: 'ADD tries :back',
        ExpressionAttributeValues: { ':back': -1 },
      });
    return { code: stored, spend };
  }

  let wrongTries: number;
  try {
    const { Attributes } = await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: input.codeKey,
        UpdateExpression: 'ADD wrongTries :one',
        ConditionExpression: 'codeHash = :hash',
        ExpressionAttributeValues: { ':one': 1, ':hash': stored.codeHash },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    wrongTries = typeof Attributes?.wrongTries === 'number' ? Attributes.wrongTries : VERIFICATION_MAX_WRONG_TRIES;
  } catch (error) {
    // A right code spent it (or a new one replaced it) while this one was compared.
    if (isConditionFailure(error)) throw new DomainError('CODE_NOT_REQUESTED');
    throw error;
  }
  if (triesLeft === 0) throw new DomainError('TOO_MANY_ATTEMPTS');
  throw new DomainError(wrongTries >= VERIFICATION_MAX_WRONG_TRIES ? 'CODE_TOO_MANY_TRIES' : 'CODE_INCORRECT');
}

/** Counts one try against the day, or TOO_MANY_ATTEMPTS; the tries left after this one. */
async function takeTry(store: Store, triesKey: ItemKey, now: Date): Promise<number> {
  try {
    const { Attributes } = await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: triesKey,
        UpdateExpression: 'ADD tries :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(tries) OR tries < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': VERIFICATION_MAX_WRONG_TRIES_PER_DAY,
          ':ttl': ttlAt(now, 2 * 86_400),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const tries = codeTriesCodec.decodeOrNull(Attributes)?.tries ?? VERIFICATION_MAX_WRONG_TRIES_PER_DAY;
    return VERIFICATION_MAX_WRONG_TRIES_PER_DAY - tries;
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError('TOO_MANY_ATTEMPTS');
    throw error;
  }
}
