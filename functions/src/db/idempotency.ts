import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '#platform/errors.ts';
import { isTransientStoreError, type RetryPolicy, withRetry } from '#platform/retry.ts';
import type { Store } from './client.ts';
import { itemCodec } from './codec.ts';
import { key, ttlAt } from './keys.ts';
import * as z from './schema.ts';
import type { Transaction } from './transaction.ts';

/** How long a stored answer replays a retried request. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/**
 * A write that an `Idempotency-Key` makes repeatable. The record is keyed by who (`scope`,
 * e.g. a player or an admin), what (`operation`) and the client's key, and remembers a hash
 * of the whole request: the same key with any other request is refused with
 * IDEMPOTENCY_KEY_REUSED instead of replaying an answer to a different question.
 */
export interface IdempotentRequest {
  scope: string;
  operation: string;
  key: string;
  request: unknown;
}

/** SHA-256 of the request as canonical JSON (object keys sorted, so key order never matters). */
export function fingerprintOf(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The name of the idempotency record in a {@link Transaction}. */
export const IDEMPOTENCY_ITEM = 'idempotency';

const recordKey = (claim: IdempotentRequest) => key.idempotency(`${claim.scope}:${claim.operation}`, claim.key);

/** The answer to a request, kept 24 h (`IDEM#<scope>:<operation>#<key> / IDEM`); `response` as it was answered. */
export const idempotencyCodec = itemCodec({
  name: 'idempotency',
  schema: z.object({
    type: z.literal('idempotency'),
    fingerprint: z.string(),
    response: z.unknown(),
    createdAt: z.string(),
    ttl: z.number(),
  }),
  keys: (_record, claim: IdempotentRequest) => recordKey(claim),
});

/**
 * Adds the record of this request's answer to the transaction that makes the change, under
 * the item name `idempotency`: if the key was used before, that item's condition fails and
 * the caller replays the stored answer with {@link findReplay}.
 */
export function recordAnswer(tx: Transaction, claim: IdempotentRequest, response: unknown, now: Date): Transaction {
  return tx.put(IDEMPOTENCY_ITEM, {
    Item: idempotencyCodec.encode(
      {
        type: 'idempotency',
        fingerprint: fingerprintOf(claim.request),
        response,
        createdAt: now.toISOString(),
        ttl: ttlAt(now, IDEMPOTENCY_TTL_SECONDS),
      },
      claim,
    ),
    ConditionExpression: 'attribute_not_exists(PK)',
  });
}

/**
 * The stored answer to an earlier request with this key, or null when the key is new. A key
 * used for a different request is refused.
 */
export async function findReplay<T>(store: Store, claim: IdempotentRequest, retry?: RetryPolicy): Promise<T | null> {
  const { Item } = await withRetry(
    () => store.doc.send(new GetCommand({ TableName: store.tableName, Key: recordKey(claim), ConsistentRead: true })),
    isTransientStoreError,
    retry,
  );
  const record = idempotencyCodec.decodeOrNull(Item);
  if (!record) return null;
  if (record.fingerprint !== fingerprintOf(claim.request)) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  // The answer is the caller's own earlier answer to this very request (same fingerprint).
  return record.response as T;
}
