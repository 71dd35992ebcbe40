import { createHash } from 'node:crypto';
import type { Clock } from './clock.ts';
import { DomainError } from './errors.ts';

/**
 * Per-client limits that hold across Lambda instances: every limited call counts itself in a
 * shared counter of a fixed window (DynamoDB, `db/rate-counters.ts`) and is refused with 429 and
 * `Retry-After` once its bucket's limit is reached. The buckets and the calls they cover are one
 * table in `app/limits.ts`; README "Limits" lists the defaults.
 */

/** What a bucket counts by: the client's address, the caller's account, or the email a call names. */
export type RateKey = 'address' | 'account' | 'email';

export interface RateBucket {
  /** Part of the counter key, so calls sharing a bucket share its counters (also across both APIs). */
  name: string;
  by: RateKey;
  /** Calls allowed per window and client. */
  limit: number;
  windowSeconds: number;
}

export interface RateCounter {
  bucket: string;
  client: string;
  /** Epoch seconds the window began. */
  windowStart: number;
}

/** Atomic shared counters. */
export interface CounterStore {
  /**
   * Counts one call unless `limit` calls were already counted in this window: false when
   * refused. `expiresAt` (epoch seconds) is when the counter may be forgotten.
   */
  hit(counter: RateCounter, limit: number, expiresAt: number): Promise<boolean>;
}

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED');
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Who the caller is, as far as a call knows it before its handler runs. */
export interface RateSubject {
  address: string;
  /** `member:<userId>` or `admin:<adminId>`; null for anonymous calls. */
  account: string | null;
  /** The email the call is about (logging in, reset, code sent to); null when it names none. */
  email: string | null;
}

const REMEMBERED_REFUSALS = 10_000;

export class RateLimiter {
  /** Counters this instance saw full, until their window ends: a client that keeps trying costs no write. */
  private readonly full = new Map<string, number>();

  constructor(private readonly deps: { counters: CounterStore; clock: Clock; log?: Pick<Console, 'warn'> }) {}

  /**
   * Counts the call in every bucket that applies to `subject` and throws `RateLimitedError`
   * (with the longest wait) when any is full. A failing counter store lets the call through:
   * the limiter must never take the API down with it.
   */
  async check(buckets: readonly RateBucket[], subject: RateSubject): Promise<void> {
    const waits = await Promise.all(
      buckets.map((bucket) => {
        const client = clientKey(bucket.by, subject);
        return client === null ? 0 : this.count(bucket, client);
      }),
    );
    const wait = Math.max(0, ...waits);
    if (wait > 0) throw new RateLimitedError(wait);
  }

  /** Seconds to wait, or 0 when the call may go ahead. */
  private async count(bucket: RateBucket, client: string): Promise<number> {
    const nowMs = this.deps.clock.now().getTime();
    const windowMs = bucket.windowSeconds * 1000;
    const startMs = Math.floor(nowMs / windowMs) * windowMs;
    const endMs = startMs + windowMs;
    const wait = Math.max(1, Math.ceil((endMs - nowMs) / 1000));
    const id = `${bucket.name}#${client}#${startMs}`;
    if ((this.full.get(id) ?? 0) > nowMs) return wait;
    let allowed: boolean;
    try {
      allowed = await this.deps.counters.hit(
        { bucket: bucket.name, client, windowStart: startMs / 1000 },
        bucket.limit,
        endMs / 1000,
      );
    } catch (error) {
      (this.deps.log ?? console).warn(
        `Rate limiter: counter ${bucket.name} unavailable, call let through`,
        error instanceof Error ? error.name : error,
      );
      return 0;
    }
    if (allowed) return 0;
    this.remember(id, endMs, nowMs);
    return wait;
  }

  private remember(id: string, untilMs: number, nowMs: number): void {
    if (this.full.size >= REMEMBERED_REFUSALS) {
      for (const [key, until] of this.full) if (until <= nowMs) this.full.delete(key);
      if (this.full.size >= REMEMBERED_REFUSALS) this.full.clear();
    }
    this.full.set(id, untilMs);
  }
}

function clientKey(by: RateKey, subject: RateSubject): string | null {
  if (by === 'address') return `ip:${subject.address}`;
  if (by === 'account') return subject.account;
  // Hashed: keeps what a client typed (any length, any characters) out of the table's keys.
  if (subject.email === null) return null;
  const digest = createHash('sha256').update(subject.email.trim().toLowerCase()).digest('base64url');
  return `email:${digest.slice(0, 22)}`;
}

/**
 * The client's address: the peer of the connection, or, behind `trustedProxies` proxies that
 * each append the address they saw to `X-Forwarded-For`, the entry the outermost trusted proxy
 * appended. Entries left of it are whatever the client chose to send, so they are never used.
 * API Gateway may or may not have appended its peer already; either way the peer counts once.
 */
export function clientAddress(forwardedFor: string | undefined, peer: string | undefined, trustedProxies: number) {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (peer && hops.at(-1) !== peer) hops.push(peer);
  return hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? 'unknown';
}
