import { BatchGetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { backoffDelay, DEFAULT_RETRY, isTransientStoreError, type RetryPolicy, withRetry } from '#platform/retry.ts';
import type { Store } from './client.ts';
import type { Decoder } from './codec.ts';

/**
 * Every page of a Query (bounded by its key condition), concatenated and each item decoded
 * (`Decoder`: a codec, or a mixed read's `oneOf`); throttled pages are retried.
 */
export async function queryAll<T>(
  store: Store,
  decoder: Decoder<T>,
  input: Omit<QueryCommandInput, 'TableName'>,
  retry: RetryPolicy = DEFAULT_RETRY,
): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await withRetry(
      () => store.doc.send(new QueryCommand({ ...input, TableName: store.tableName, ExclusiveStartKey })),
      isTransientStoreError,
      retry,
    );
    for (const item of page.Items ?? []) items.push(decoder.decode(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** BatchGetItem takes at most 100 keys a call. */
const BATCH_GET_MAX = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The items with these keys (missing ones are left out), decoded, 100 keys a call. Keys DynamoDB
 * leaves unprocessed (throttling) are asked again after a jittered backoff, within the
 * policy's attempts; past them the read fails rather than answering with items missing.
 */
export async function batchGetAll<T>(
  store: Store,
  decoder: Decoder<T>,
  keys: Record<string, unknown>[],
  options: { consistent?: boolean; retry?: RetryPolicy } = {},
): Promise<T[]> {
  const policy = options.retry ?? DEFAULT_RETRY;
  const found: T[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) {
    let pending = keys.slice(i, i + BATCH_GET_MAX);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= policy.attempts)
        throw Object.assign(new Error('Batch read left keys unprocessed'), { name: 'ThrottlingException' });
      if (attempt > 0) await (policy.sleep ?? sleep)(backoffDelay(attempt - 1, policy));
      const result = await store.doc.send(
        new BatchGetCommand({
          RequestItems: { [store.tableName]: { Keys: pending, ConsistentRead: options.consistent ?? false } },
        }),
      );
      for (const item of result.Responses?.[store.tableName] ?? []) found.push(decoder.decode(item));
      pending = (result.UnprocessedKeys?.[store.tableName]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return found;
}
