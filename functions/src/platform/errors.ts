import { ERRORS, type ErrorCode } from '@shuttle/shared';

/** A refusal the caller can act on; mapped to the failure envelope and status in one `onError`. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: { path: string; message: string }[];
  /** What the caller needs to go on, sent as the failure's `data` (e.g. the new rotation board on 409). */
  data?: unknown;

  constructor(code: ErrorCode, message?: string, issues?: { path: string; message: string }[]) {
    super(message ?? ERRORS[code].message);
    this.name = 'DomainError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.issues = issues;
  }
}

export class ValidationError extends DomainError {
  constructor(issues: { path: string; message: string }[]) {
    super(
      'VALIDATION_FAILED',
      issues[0] ? `Invalid request: ${issues[0].path || 'body'} ${issues[0].message}` : undefined,
      issues,
    );
    this.name = 'ValidationError';
  }
}

/**
 * A booking decision kept losing its race (the seat state moved, or `TransactionConflict` on the
 * session item) past the retry budget: 503 BOOKING_FAILED; the caller may try again. A store that
 * is throttled or does not answer is `SERVICE_BUSY` instead (`isStoreUnavailable`, platform/retry.ts).
 */
export class StoreBusyError extends DomainError {
  constructor() {
    super('BOOKING_FAILED');
    this.name = 'StoreBusyError';
  }
}

/** Where a stored item broke its codec: the field's path and the kind of problem, never the value. */
export interface CorruptField {
  path: string;
  problem: string;
}

/**
 * A stored item that is not what its codec expects (functions/src/db/codec.ts): a wrong or
 * missing `type`, a missing or mistyped field. Answered as a 500 envelope (`CORRUPT_ITEM`, no
 * stack); `item` names the codec, `keys` the item's keys (e-mail addresses masked) and `fields`
 * what failed, so the log line finds the item without carrying its personal contents.
 */
export class CorruptItemError extends DomainError {
  constructor(
    readonly item: string,
    readonly keys: Record<string, string>,
    readonly fields: CorruptField[],
  ) {
    super('CORRUPT_ITEM');
    this.name = 'CorruptItemError';
  }
}

/**
 * `Retry-After` of every 503 (functions/src/app/LIMITS.md, "Stalls"): a whole number of seconds
 * drawn from this range, so the clients of one burst do not all come back at the same second.
 */
export const BUSY_RETRY_AFTER_SECONDS = { min: 1, max: 5 } as const;

export function busyRetryAfterSeconds(random: () => number = Math.random): number {
  const { min, max } = BUSY_RETRY_AFTER_SECONDS;
  return min + Math.floor(random() * (max - min + 1));
}
