import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { memberRoutes } from '@shuttle/shared';
import { describe, expect, it, vi } from 'vitest';
import { CALL_LIMITS, callLimits, RATE_BUCKETS, rateLimitSettings } from '../src/app/limits.ts';
import { FixedClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import {
  addressGroup,
  type CounterStore,
  clientAddress,
  type RateBucket,
  type RateCounter,
  RateLimitedError,
  RateLimiter,
} from '../src/platform/rate-limit.ts';

/** The counters' contract in memory: a conditional add per window. */
class MemoryCounters implements CounterStore {
  readonly counts = new Map<string, number>();
  calls = 0;
  async hit(c: RateCounter, limit: number): Promise<boolean> {
    this.calls++;
    const id = `${c.bucket}#${c.client}#${c.windowStart}`;
    const count = this.counts.get(id) ?? 0;
    if (count >= limit) return false;
    this.counts.set(id, count + 1);
    return true;
  }
}

const bucket = (over: Partial<RateBucket> = {}): RateBucket => ({
  name: 'test',
  by: 'address',
  limit: 2,
  windowSeconds: 60,
  ...over,
});
const subject = { address: '203.0.113.7', account: 'member:line_U1', email: null };

async function refusal(promise: Promise<unknown>): Promise<RateLimitedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RateLimitedError);
  return error as RateLimitedError;
}

describe('client address', () => {
  it('is the socket peer without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress('1.2.3.4', '127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientAddress(undefined, '::1', 0)).toBe('::1');
  });
  it("behind CloudFront is the entry CloudFront appended, never the client's own first entry", () => {
    // API Gateway appended its peer (the CloudFront edge) …
    expect(clientAddress('6.6.6.6, 203.0.113.7, 130.176.1.1', '130.176.1.1', 1)).toBe('203.0.113.7');
    // … or did not: the peer counts once either way.
    expect(clientAddress('6.6.6.6, 203.0.113.7', '130.176.1.1', 1)).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', '130.176.1.1', 1)).toBe('203.0.113.7');
  });
  it('falls back to the peer when there are fewer hops than trusted proxies', () => {
    expect(clientAddress(undefined, '198.51.100.2', 1)).toBe('198.51.100.2');
    expect(clientAddress(' , ', undefined, 1)).toBe('unknown');
  });
});

describe('address groups', () => {
  it('keeps IPv4 as it is and groups IPv6 by /64, however it is written', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:2:3:4:1.2.3.4')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'));
  });
  it('treats IPv4-mapped IPv6 as IPv4 and leaves what is no address alone', () => {
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(addressGroup('unknown')).toBe('unknown');
    expect(addressGroup('1::2::3')).toBe('1::2::3');
    expect(addressGroup('2001:db8:0:0:0:0:0:0:1')).toBe('2001:db8:0:0:0:0:0:0:1');
  });
  it('one /64 is one client of an address bucket', async () => {
    const limiter = new RateLimiter({ counters: new MemoryCounters(), clock: new FixedClock(new Date(0)) });
    const one = [bucket({ limit: 1 })];
    await limiter.check(one, { ...subject, address: '2001:db8:1:2::1' });
    await refusal(limiter.check(one, { ...subject, address: '2001:db8:1:2:aaaa:bbbb:cccc:dddd' }));
    await limiter.check(one, { ...subject, address: '2001:db8:1:3::1' });
    await limiter.check(one, { ...subject, address: '198.51.100.7' });
    await refusal(limiter.check(one, { ...subject, address: '::ffff:198.51.100.7' }));
  });
});

describe('rate limiter', () => {
  it('allows the limit per window, then refuses with the seconds left in the window', async () => {
    const clock = new FixedClock(new Date('2026-12-01T02:00:10.000Z'));
    const limiter = new RateLimiter({ counters: new MemoryCounters(), clock });
    await limiter.check([bucket()], subject);
    await limiter.check([bucket()], subject);
    expect((await refusal(limiter.check([bucket()], subject))).retryAfterSeconds).toBe(50);
    clock.advance(50_000);
    await limiter.check([bucket()], subject);
  });

  it('keeps clients, buckets and key kinds apart', async () => {
    const limiter = new RateLimiter({ counters: new MemoryCounters(), clock: new FixedClock(new Date(0)) });
    const one = [bucket({ limit: 1 })];
    await limiter.check(one, subject);
    await refusal(limiter.check(one, subject));
    await limiter.check(one, { ...subject, address: '203.0.113.8' });
    await limiter.check([bucket({ limit: 1, name: 'other' })], subject);
    await limiter.check([bucket({ limit: 1, by: 'account' })], subject);
  });

  it('counts emails case-insensitively and skips buckets the call has no key for', async () => {
    const counters = new MemoryCounters();
    const limiter = new RateLimiter({ counters, clock: new FixedClock(new Date(0)) });
    const byEmail = [bucket({ by: 'email', limit: 1 })];
    await limiter.check(byEmail, { ...subject, email: 'Ann@Example.com' });
    await refusal(limiter.check(byEmail, { ...subject, address: '198.51.100.9', email: 'ann@example.com ' }));
    await limiter.check(byEmail, { ...subject, email: null });
    await limiter.check([bucket({ by: 'account', limit: 1 })], { ...subject, account: null });
    await limiter.check([bucket({ by: 'account', limit: 1 })], { ...subject, account: null });
    expect([...counters.counts.keys()].every((k) => !k.includes('@'))).toBe(true);
  });

  it('answers with the longest wait of the full buckets', async () => {
    const clock = new FixedClock(new Date('2026-12-01T02:00:00.000Z'));
    const limiter = new RateLimiter({ counters: new MemoryCounters(), clock });
    const buckets = [bucket({ limit: 0, windowSeconds: 60 }), bucket({ name: 'hour', limit: 0, windowSeconds: 3600 })];
    expect((await refusal(limiter.check(buckets, subject))).retryAfterSeconds).toBe(3600);
  });

  it('spends no write on a counter this instance already saw full', async () => {
    const counters = new MemoryCounters();
    const clock = new FixedClock(new Date(0));
    const limiter = new RateLimiter({ counters, clock });
    await limiter.check([bucket({ limit: 1 })], subject);
    await refusal(limiter.check([bucket({ limit: 1 })], subject));
    await refusal(limiter.check([bucket({ limit: 1 })], subject));
    expect(counters.calls).toBe(2);
    clock.advance(60_000);
    await limiter.check([bucket({ limit: 1 })], subject);
    expect(counters.calls).toBe(3);
  });

  it('lets calls through and warns when the counters fail', async () => {
    const warn = vi.fn();
    const failing: CounterStore = {
      hit: async () => {
        throw Object.assign(new Error('down'), { name: 'ProvisionedThroughputExceededException' });
      },
    };
    const limiter = new RateLimiter({ counters: failing, clock: new FixedClock(new Date(0)), log: { warn } });
    await limiter.check([bucket({ limit: 0 })], subject);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('let through'), 'ProvisionedThroughputExceededException');
  });
});

describe('limits table', () => {
  it('SHUTTLE_RATE_LIMITS is on unless off', () => {
    expect(rateLimitSettings(undefined)).toEqual({ enabled: true });
    expect(rateLimitSettings('on')).toEqual({ enabled: true });
    expect(rateLimitSettings('off')).toEqual({ enabled: false });
    expect(() => rateLimitSettings('no')).toThrow(/on or off/);
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), LINE_LOGIN_CHANNEL_ID: '1', GOOGLE_CLIENT_ID: 'g' });
    expect([config.SHUTTLE_RATE_LIMITS, config.TRUSTED_PROXY_HOPS]).toEqual(['on', 1]);
  });

  it('resolves buckets with overrides, and keeps body limits when rate limits are off', () => {
    const on = callLimits('admin', { enabled: true, buckets: { loginByEmailAndAddress: { limit: 2 } } });
    expect(on.login?.rate).toEqual([
      { name: 'loginByAddress', ...RATE_BUCKETS.loginByAddress },
      {
        name: 'loginByEmailAndAddress',
        by: 'emailAndAddress',
        limit: 2,
        windowSeconds: RATE_BUCKETS.loginByEmailAndAddress.windowSeconds,
      },
    ]);
    const off = callLimits('member', { enabled: false });
    expect(off['withoutAuth/getDetail']).toEqual({ maxBodyBytes: 8 * 1024, rate: undefined });
  });

  it('names only buckets that exist, each counted by what its calls know', () => {
    for (const api of ['member', 'admin'] as const) {
      for (const limits of Object.values(callLimits(api, { enabled: true }))) {
        for (const b of limits.rate ?? []) expect(RATE_BUCKETS[b.name as keyof typeof RATE_BUCKETS]).toBeDefined();
      }
    }
    expect(Object.keys(CALL_LIMITS.member)).toContain('checkState/sessionList/joinSession');
  });

  it('every member call counts against a bucket, signed in or not', () => {
    const limits = callLimits('member', { enabled: true });
    const unlimited = Object.keys(memberRoutes).filter((path) => !limits[path]?.rate?.length);
    expect(unlimited).toEqual([]);
    for (const path of ['sessionList/getSessionList', 'sessionList/getDetail', 'sessionList/getMemberList'])
      expect(limits[`checkState/${path}`]?.rate?.map((b) => [b.name, b.by])).toEqual([['memberRead', 'account']]);
  });

  it('LIMITS.md lists the defaults', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../src/app/LIMITS.md'), 'utf8');
    const unit = { min: 60, h: 3600 } as const;
    const rows = [...readme.matchAll(/^\| `(\w+)`\s*\| (\w+)[^|]*\|\s*(\d+) \| (\d+) (min|h)\s*\|/gm)].map((m) => [
      m[1],
      { by: m[2], limit: Number(m[3]), windowSeconds: Number(m[4]) * unit[m[5] as keyof typeof unit] },
    ]);
    expect(Object.fromEntries(rows)).toEqual(RATE_BUCKETS);
  });
});
