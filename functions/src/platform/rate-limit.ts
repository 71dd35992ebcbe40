import { createHash } from 'node:crypto';
import type { Clock } from './clock.ts';
import { DomainError } from './errors.ts';

/**
 * Per-client limits that hold across Lambda instances: every limited call counts itself in a
 * shared counter of a fixed window (DynamoDB, `db/rate-counters.ts`) and is refused with 429 and
 * `Retry-After` once its bucket's limit is reached. The buckets and the calls they cover are one
 * table in `app/limits.ts`; functions/src/app/LIMITS.md lists the defaults.
 */

/**
 * What a bucket counts by: the client's address (IPv6 grouped by /64, `addressGroup`), the
 * caller's account, the email a call names, or that email per address (admin sign-in tries).
 */
export type RateKey = 'address' | 'account' | 'email' | 'emailAndAddress' | 'team';

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
  /** The team a notice-producing admin call acts for, once its handler checked the rights (`teamLimit`). */
  team?: string | null;
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
  if (by === 'address') return `ip:${addressGroup(subject.address)}`;
  if (by === 'account') return subject.account;
  if (by === 'team') return subject.team ? `team:${subject.team}` : null;
  if (subject.email === null) return null;
  const email = emailKey(subject.email);
  return by === 'email' ? email : `${email}#ip:${addressGroup(subject.address)}`;
}

/** Hashed: keeps what a client typed (any length, any characters) out of the table's keys. */
export function emailKey(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  return `email:${digest.slice(0, 22)}`;
}

/**
 * What per-address limits count: an IPv4 address as it is, an IPv6 address by its /64 (one
 * home or phone gets a whole /64, so its 2^64 addresses are one client), an IPv4-mapped IPv6
 * address (`::ffff:198.51.100.7`) as its IPv4 address. Anything else is kept as it is.
 */
export function addressGroup(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is none. */
function ipv6Groups(address: string): number[] | null {
  let text = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!text.includes(':')) return null;
  const v4 = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const bytes = v4.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    text = `${v4[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (half: string | undefined) => (half ? half.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16));
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
