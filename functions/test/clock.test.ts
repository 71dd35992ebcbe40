import { describe, expect, it } from 'vitest';
import { clockFromEnv, OffsetClock, parseShuttleNow, systemClock } from '#platform/clock.ts';

describe('SHUTTLE_NOW (docs/TESTING.md, "The clock")', () => {
  it('reads an instant with any offset as UTC', () => {
    expect(parseShuttleNow('2026-12-31T23:59:00+08:00')?.toISOString()).toBe('2026-12-31T15:59:00.000Z');
    expect(parseShuttleNow('2027-02-28T15:30:00Z')?.toISOString()).toBe('2027-02-28T15:30:00.000Z');
    expect(parseShuttleNow(undefined)).toBeUndefined();
    expect(parseShuttleNow('')).toBeUndefined();
  });

  it('refuses what is not an instant with an offset, naming the variable', () => {
    for (const bad of ['2026-12-31', '2026-12-31T23:59:00', 'tomorrow', '2026-02-30T10:00:00Z']) {
      expect(() => parseShuttleNow(bad)).toThrow(/SHUTTLE_NOW/);
    }
  });

  it('starts the clock at the instant and lets it run', async () => {
    const start = Date.parse('2026-11-30T16:05:00.000Z');
    const realStart = Date.now();
    const clock = new OffsetClock(new Date(start), realStart);
    const first = clock.now().getTime();
    expect(first - start).toBeGreaterThanOrEqual(0);
    expect(first - start).toBeLessThanOrEqual(Date.now() - realStart);
    await new Promise((done) => setTimeout(done, 30));
    expect(clock.now().getTime() - first).toBeGreaterThanOrEqual(25);
    expect(clockFromEnv({ SHUTTLE_NOW: '2026-11-30T00:05:00+08:00' })).toBeInstanceOf(OffsetClock);
    expect(clockFromEnv({})).toBe(systemClock);
  });
});
