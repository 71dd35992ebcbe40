import { describe, expect, it } from 'vitest';
import {
  addWakingMinutes,
  DEFAULT_QUIET_HOURS,
  offerExpiry,
  offerHoldMinutes,
  quietHoursOf,
  quietPeriodAt,
  wakingFrom,
} from '../src/domain/offer-window.ts';
import { quietHours } from '../src/schemas/fair-signup.ts';

/** Taipei wall time (UTC+8, no daylight saving) as an instant. */
const tp = (local: string) => Date.parse(`${local}+08:00`);
const iso = (local: string) => new Date(tp(local)).toISOString();
const quiet = DEFAULT_QUIET_HOURS;

const expiry = (now: string, startsAt: string, teamMinutes: number, q = quiet as typeof quiet | null) =>
  offerExpiry({ now: new Date(tp(now)), startsAt: iso(startsAt), teamMinutes, quietHours: q, cutoffMinutes: 60 });

describe('quiet hours (Taipei, 23:00-08:00 by default)', () => {
  it('unset is the default, null is off', () => {
    expect(quietHoursOf(undefined)).toEqual({ start: '23:00', end: '08:00' });
    expect(quietHoursOf(null)).toBeNull();
  });

  it('hold the instants from 23:00 up to (not including) 08:00, across midnight', () => {
    expect(quietPeriodAt(tp('2026-12-01T22:59:59'), quiet)).toBeNull();
    const night = { from: tp('2026-12-01T23:00'), to: tp('2026-12-02T08:00') };
    expect(quietPeriodAt(tp('2026-12-01T23:00'), quiet)).toEqual(night);
    expect(quietPeriodAt(tp('2026-12-02T00:00'), quiet)).toEqual(night);
    expect(quietPeriodAt(tp('2026-12-02T07:59'), quiet)).toEqual(night);
    expect(quietPeriodAt(tp('2026-12-02T08:00'), quiet)).toBeNull();
    // A period inside one day.
    expect(quietPeriodAt(tp('2026-12-02T13:30'), { start: '13:00', end: '14:00' })).toEqual({
      from: tp('2026-12-02T13:00'),
      to: tp('2026-12-02T14:00'),
    });
    expect(quietPeriodAt(tp('2026-12-02T12:59'), { start: '13:00', end: '14:00' })).toBeNull();
  });

  it('pause the clock: 30 minutes from 22:50 end at 08:20, from 23:30 at 08:30, and run straight through the day', () => {
    expect(addWakingMinutes(tp('2026-12-01T22:50'), 30, quiet)).toBe(tp('2026-12-02T08:20'));
    expect(addWakingMinutes(tp('2026-12-01T23:30'), 30, quiet)).toBe(tp('2026-12-02T08:30'));
    expect(addWakingMinutes(tp('2026-12-02T00:05'), 30, quiet)).toBe(tp('2026-12-02T08:30'));
    expect(addWakingMinutes(tp('2026-12-02T10:00'), 30, quiet)).toBe(tp('2026-12-02T10:30'));
    expect(addWakingMinutes(tp('2026-12-01T23:30'), 30, null)).toBe(tp('2026-12-02T00:00'));
    // A hold of 24 h from 10:00: 13 waking hours before the night, 11 after it.
    expect(addWakingMinutes(tp('2026-12-01T10:00'), 1440, quiet)).toBe(tp('2026-12-02T19:00'));
    // Year end, 31 December 23:59 Taipei.
    expect(addWakingMinutes(tp('2026-12-31T23:59'), 10, quiet)).toBe(tp('2027-01-01T08:10'));
    expect(wakingFrom(tp('2026-12-31T23:59'), quiet)).toBe(tp('2027-01-01T08:00'));
    expect(wakingFrom(tp('2026-12-31T20:00'), quiet)).toBe(tp('2026-12-31T20:00'));
  });
});

describe('the hold shrinks as the start nears', () => {
  it('the team window; at most 60 minutes within 24 h; at most 15 within 3 h', () => {
    const now = tp('2026-12-02T10:00');
    expect(offerHoldMinutes(120, now, now + 48 * 3_600_000)).toBe(120);
    expect(offerHoldMinutes(120, now, now + 24 * 3_600_000)).toBe(60);
    expect(offerHoldMinutes(30, now, now + 20 * 3_600_000)).toBe(30);
    expect(offerHoldMinutes(120, now, now + 3 * 3_600_000)).toBe(15);
    expect(offerHoldMinutes(10, now, now + 2 * 3_600_000)).toBe(10);
    expect(offerHoldMinutes(0, now, now + 2 * 3_600_000)).toBe(0);
  });
});

describe('offerExpiry', () => {
  it('an offer made at 23:30 ends after 08:00 with its full window', () => {
    expect(expiry('2026-12-01T23:30', '2026-12-05T19:00', 120)).toBe(iso('2026-12-02T10:00'));
    // Within 24 h of the start: 60 minutes, from 08:00.
    expect(expiry('2026-12-01T23:30', '2026-12-02T19:00', 120)).toBe(iso('2026-12-02T09:00'));
  });

  it('22:50 with 30 minutes: 10 before the night, 20 after it, ends 08:20', () => {
    expect(expiry('2026-12-01T22:50', '2026-12-04T19:00', 30)).toBe(iso('2026-12-02T08:20'));
  });

  it('with quiet hours off the clock runs through the night', () => {
    expect(expiry('2026-12-01T23:30', '2026-12-05T19:00', 120, null)).toBe(iso('2026-12-02T01:30'));
  });

  it('never past 60 minutes before the start, and never inside quiet hours when cut short', () => {
    // 14:00 session: 15 minutes within 3 h, cut at 13:00.
    expect(expiry('2026-12-02T12:50', '2026-12-02T14:00', 30)).toBe(iso('2026-12-02T13:00'));
    // A 08:30 session: cut at 07:30 (quiet), so the hold made at 22:50 ends when the night begins.
    expect(expiry('2026-12-01T22:50', '2026-12-02T08:30', 60)).toBe(iso('2026-12-01T23:00'));
  });

  it('no offer when no waking time is left before the cutoff, or offers are off', () => {
    // Made at 02:00 for a 08:30 session: the cutoff (07:30) comes before the night ends.
    expect(expiry('2026-12-02T02:00', '2026-12-02T08:30', 30)).toBeNull();
    // Made at 23:30 for a 09:00 session: the cutoff is 08:00, when the clock would start.
    expect(expiry('2026-12-01T23:30', '2026-12-02T09:00', 30)).toBeNull();
    expect(expiry('2026-12-02T10:00', '2026-12-02T10:30', 30)).toBeNull();
    expect(expiry('2026-12-02T10:00', '2026-12-04T10:00', 0)).toBeNull();
  });

  it('never ends inside quiet hours, at any minute of two days', () => {
    const start = tp('2026-12-01T00:00');
    for (let m = 0; m < 2 * 1440; m += 7) {
      const now = start + m * 60_000;
      for (const [hours, minutes] of [
        [2, 30],
        [9, 45],
        [30, 120],
      ] as const) {
        const startsAt = new Date(now + hours * 3_600_000).toISOString();
        const until = offerExpiry({
          now: new Date(now),
          startsAt,
          teamMinutes: minutes,
          quietHours: quiet,
          cutoffMinutes: 60,
        });
        if (until === null) continue;
        const at = Date.parse(until);
        const edge = quietPeriodAt(at, quiet);
        // Ends outside the night or exactly as it begins (its first instant).
        expect(edge === null || edge.from === at, `${new Date(now).toISOString()} -> ${until}`).toBe(true);
        expect(at).toBeGreaterThan(wakingFrom(now, quiet));
        expect(at).toBeLessThanOrEqual(Date.parse(startsAt) - 60 * 60_000);
      }
    }
  });
});

describe('the quietHours contract', () => {
  it('takes HH:MM pairs or null, refuses equal or malformed times', () => {
    expect(quietHours.parse({ start: '22:30', end: '07:00' })).toEqual({ start: '22:30', end: '07:00' });
    expect(quietHours.parse(null)).toBeNull();
    expect(quietHours.safeParse({ start: '24:00', end: '07:00' }).success).toBe(false);
    expect(quietHours.safeParse({ start: '7:00', end: '08:00' }).success).toBe(false);
    expect(quietHours.safeParse({ start: '08:00', end: '08:00' }).success).toBe(false);
    expect(quietHours.safeParse({ start: '23:00', end: '08:00', extra: 1 }).success).toBe(false);
  });
});
