import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

const RETRYABLE_NAMES = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'TransactionInProgressException',
]);

/**
 * True for failures that say nothing about the data: a transaction that lost a race on a hot
 * item (`TransactionConflict`, which the real service raises and DynamoDB Local never does)
 * or throttling. Condition failures are answers, not retryable faults.
 */
export function isTransientStoreError(error: unknown): boolean {
  if (error instanceof TransactionCanceledException) {
    const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
    return (
      codes.some(
        (c) => c === 'TransactionConflict' || c === 'ThrottlingError' || c === 'ProvisionedThroughputExceeded',
      ) && !codes.includes('ConditionalCheckFailed')
    );
  }
  return error instanceof Error && RETRYABLE_NAMES.has(error.name);
}

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, baseDelayMs: 15, maxDelayMs: 400 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Exponential backoff with full jitter (AWS architecture blog), bounded in attempts. */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor((policy.random ?? Math.random)() * ceiling);
}

export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt + 1 >= policy.attempts || !shouldRetry(error)) throw error;
      await (policy.sleep ?? sleep)(backoffDelay(attempt, policy));
    }
  }
}
