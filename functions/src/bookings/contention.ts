import { TransactionRefusedError } from '#db/transaction.ts';
import { StoreBusyError } from '#platform/errors.ts';
import { isTransactionConflict, type RetryPolicy, withRetry } from '#platform/retry.ts';

/**
 * A change whose conditions failed because the seat state moved between read and write (a
 * seat freed or filled, the waitlist grew): it is decided again from a fresh read, within the
 * same bounded retry budget as transient faults.
 */
export class ContentionError extends Error {
  override name = 'ContentionError';
}

/** Retries under logical contention (index or counter moved) plus injected transient faults. */
export const CONTENDED_RETRY: RetryPolicy = { attempts: 30, baseDelayMs: 10, maxDelayMs: 300 };

/**
 * Runs read-decide-write until its conditions hold, within a bounded, jittered budget. A
 * budget spent on contention answers BOOKING_FAILED (503), never a wrong decision; a store
 * throttled or stalled past its retries goes on as it is, answered 503 SERVICE_BUSY
 * (`isStoreUnavailable`, platform/http.ts), and a LINE postback's webhook call is redelivered.
 */
export async function contended<T>(operation: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  try {
    return await withRetry(operation, (e) => e instanceof ContentionError, policy);
  } catch (error) {
    if (error instanceof ContentionError || isTransactionConflict(error)) throw new StoreBusyError();
    throw error;
  }
}

/** Condition failures of a transaction whose decoding is "the state moved": decide again. */
export function asContention(error: unknown): never {
  if (error instanceof TransactionRefusedError) throw new ContentionError();
  throw error;
}
