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

/** A transaction that kept losing the race on a hot item (`TransactionConflict`), not throttled or refused. */
export function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof TransactionCanceledException)) return false;
  const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

/** What the SDK raises when an answer does not come: its request timeout, an abort, a 408. */
const TIMEOUT_NAMES = new Set(['TimeoutError', 'AbortError', 'RequestTimeout', 'RequestTimeoutException']);
/** The service's own 5xx by name (`$metadata` below catches unnamed ones). */
const SERVER_NAMES = new Set(['InternalFailure', 'ServiceUnavailable', 'ServiceUnavailableException']);
/**
 * Connections that broke or never came: after a stall, DynamoDB (Local too) closes the keep-alive
 * sockets the SDK still holds, and the next request on one fails with ECONNRESET "socket hang up".
 */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * True when the store did not answer, or not in time, past the retry budget (functions/src/app/LIMITS.md,
 * "Stalls"): throttling and conflicts (`isTransientStoreError`), timeouts and aborts, broken
 * connections, and the service's 5xx. The caller may try the same request again: 503
 * `SERVICE_BUSY`, never 500. A write that timed out may still have happened, which is why every
 * write that matters is conditional or keyed by the caller's `Idempotency-Key`.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (isTransientStoreError(error)) return true;
  if (!(error instanceof Error)) return false;
  const { code, $metadata } = error as Error & { code?: unknown; $metadata?: { httpStatusCode?: number } };
  return (
    TIMEOUT_NAMES.has(error.name) ||
    SERVER_NAMES.has(error.name) ||
    (typeof code === 'string' && NETWORK_CODES.has(code)) ||
    ($metadata?.httpStatusCode ?? 0) >= 500
  );
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
