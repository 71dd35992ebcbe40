import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterStore, RateCounter } from '#platform/rate-limit.ts';
import type { Store } from './client.ts';
import { counterCodec } from './codec.ts';
import { key } from './keys.ts';
import * as z from './schema.ts';
import { isConditionFailure } from './transaction.ts';

/** A limiter call slower than this lets the request through rather than hold it up. */
const TIMEOUT_MS = 1000;

/** Calls of one client in one window of a rate bucket (`RATE#… / RATE`, TTL: the window's end); never read back. */
export const rateCounterCodec = counterCodec({
  name: 'rateCounter',
  schema: z.object({ count: z.number().optional(), ttl: z.number().optional() }),
  skPrefix: 'RATE',
});

/**
 * Rate counters in the table (TABLE.md, "Rate counters"): one conditional UpdateItem per
 * limited call adds 1 while the count is below the limit; a full counter refuses the update,
 * so a refused client leaves the item as it was.
 */
export class RateCounters implements CounterStore {
  constructor(
    private readonly store: Store,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  async hit(counter: RateCounter, limit: number, expiresAt: number): Promise<boolean> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.rateCounter(counter.bucket, counter.client, counter.windowStart),
          UpdateExpression: 'ADD #count :one SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': expiresAt },
        }),
        { abortSignal: AbortSignal.timeout(this.timeoutMs) },
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
