import type { messagingApi } from '@line/bot-sdk';
import { describe, expect, it } from 'vitest';
import { ESSENTIAL } from '#notifications/channel-plan.ts';
import { LineQuotaGauge, QUOTA_CACHE_MS, quotaLevel } from '#notifications/line-quota.ts';
import { USER_OUTBOX_KINDS } from '#outbox/model.ts';
import { FixedClock } from '#platform/clock.ts';

function fakeLine(quota: messagingApi.MessageQuotaResponse, totalUsage: number, fail = false) {
  const calls = { quota: 0, consumption: 0 };
  const line = {
    async getMessageQuota() {
      calls.quota += 1;
      if (fail) throw new TypeError('fetch failed');
      return quota;
    },
    async getMessageQuotaConsumption() {
      calls.consumption += 1;
      return { totalUsage };
    },
  };
  return { line, calls };
}

describe('LINE message quota', () => {
  it('is near within the last 10% of the monthly limit and over at or past it', () => {
    expect(quotaLevel(undefined, 1_000_000)).toBe('ok');
    expect(quotaLevel(1000, 0)).toBe('ok');
    expect(quotaLevel(1000, 899)).toBe('ok');
    expect(quotaLevel(1000, 900)).toBe('near');
    expect(quotaLevel(1000, 999)).toBe('near');
    expect(quotaLevel(1000, 1000)).toBe('over');
    expect(quotaLevel(1000, 1200)).toBe('over');
    expect(quotaLevel(1000, 700, 0.5)).toBe('near');
  });

  it('reads quota and consumption once per cache period, sharing one reading between concurrent callers', async () => {
    const clock = new FixedClock(new Date('2026-12-01T00:00:00Z'));
    const { line, calls } = fakeLine({ type: 'limited', value: 500 }, 460);
    const gauge = new LineQuotaGauge(line, clock);

    const readings = await Promise.all([gauge.read(), gauge.read()]);
    expect(readings).toEqual([
      { level: 'near', used: 460, limit: 500 },
      { level: 'near', used: 460, limit: 500 },
    ]);
    clock.advance(QUOTA_CACHE_MS - 1);
    await gauge.read();
    expect(calls).toEqual({ quota: 1, consumption: 1 });
    clock.advance(1);
    await gauge.read();
    expect(calls).toEqual({ quota: 2, consumption: 2 });
  });

  it('treats an unlimited channel as ok and an unreadable quota as unknown', async () => {
    const clock = new FixedClock(new Date('2026-12-01T00:00:00Z'));
    expect(await new LineQuotaGauge(fakeLine({ type: 'none' }, 10_000).line, clock).read()).toMatchObject({
      level: 'ok',
    });
    const warnings: unknown[] = [];
    const failing = new LineQuotaGauge(fakeLine({ type: 'none' }, 0, true).line, clock, {
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    expect(await failing.read()).toEqual({ level: 'unknown' });
    expect(warnings).toHaveLength(1);
  });

  it('keeps pushing every kind but reminders, lottery waitlist results and up-next calls when the quota runs low', () => {
    expect(Object.keys(ESSENTIAL).sort()).toEqual([...USER_OUTBOX_KINDS].sort());
    expect(USER_OUTBOX_KINDS.filter((kind) => !ESSENTIAL[kind]).sort()).toEqual([
      'bookingReminder',
      'lotteryWaitlisted',
      'rotationUpNext',
    ]);
  });
});
