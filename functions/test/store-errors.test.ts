import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, busyRetryAfterSeconds } from '#platform/errors.ts';
import { isStoreUnavailable, isTransactionConflict } from '#platform/retry.ts';

/** Which store failures answer 503 SERVICE_BUSY (functions/src/app/LIMITS.md, "Stalls") and which stay answers or bugs. */
const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(name), { name, ...extra });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('store failures', () => {
  it.each([
    ['the SDK request timeout', named('TimeoutError', { code: 'ETIMEDOUT' })],
    ['a keep-alive socket the database closed', named('TimeoutError', { code: 'ECONNRESET' })],
    ['a refused connection', named('Error', { code: 'ECONNREFUSED' })],
    ['an abort', named('AbortError')],
    ['a 408 from the service', named('RequestTimeout')],
    ['throttling', named('ThrottlingException')],
    ['provisioned throughput exceeded', named('ProvisionedThroughputExceededException')],
    ['a 500 by name', named('InternalFailure')],
    ['an unnamed 503', named('UnknownError', { $metadata: { httpStatusCode: 503 } })],
    ['a transaction that lost its race', cancelled('TransactionConflict', 'None')],
    ['a throttled transaction', cancelled('None', 'ThrottlingError')],
  ])('%s means the store is unavailable: 503', (_, error) => {
    expect(isStoreUnavailable(error)).toBe(true);
  });

  it.each([
    ['a failed condition', named('ConditionalCheckFailedException', { $metadata: { httpStatusCode: 400 } })],
    ['a transaction refused by its conditions', cancelled('ConditionalCheckFailed', 'TransactionConflict')],
    ['a malformed request', named('ValidationException', { $metadata: { httpStatusCode: 400 } })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['not an error', 'ECONNRESET'],
  ])('%s is not: it stays an answer or a 500', (_, error) => {
    expect(isStoreUnavailable(error)).toBe(false);
  });

  it('tells a lost race on a hot item (BOOKING_FAILED) from throttling (SERVICE_BUSY)', () => {
    expect(isTransactionConflict(cancelled('TransactionConflict'))).toBe(true);
    expect(isTransactionConflict(cancelled('ThrottlingError'))).toBe(false);
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isTransactionConflict(named('ThrottlingException'))).toBe(false);
  });

  it('asks for a retry after 1 to 5 whole seconds, spread over the range', () => {
    expect(busyRetryAfterSeconds(() => 0)).toBe(BUSY_RETRY_AFTER_SECONDS.min);
    expect(busyRetryAfterSeconds(() => 0.9999)).toBe(BUSY_RETRY_AFTER_SECONDS.max);
    const seen = new Set(Array.from({ length: 200 }, () => busyRetryAfterSeconds()));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
