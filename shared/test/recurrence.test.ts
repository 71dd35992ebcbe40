import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSessionRequest, expandRecurrence, repeatCount, taipeiDate, taipeiWeekday } from '../src/index.ts';

// Tuesday 2026-03-10, 19:00-22:00 in Taipei; sign-up opens a week before at noon.
const first = {
  startsAt: '2026-03-10T11:00:00.000Z',
  endsAt: '2026-03-10T14:00:00.000Z',
  signupOpensAt: '2026-03-03T04:00:00.000Z',
};

describe('recurrence', () => {
  it('publishes the first session alone without a repeat', () => {
    expect(expandRecurrence(first)).toEqual([first]);
  });

  it('repeats weekly, a week apart, from the first session', () => {
    const sessions = expandRecurrence(first, { weeks: 3 });
    expect(sessions).toEqual([
      first,
      {
        startsAt: '2026-03-17T11:00:00.000Z',
        endsAt: '2026-03-17T14:00:00.000Z',
        signupOpensAt: '2026-03-10T04:00:00.000Z',
      },
      {
        startsAt: '2026-03-24T11:00:00.000Z',
        endsAt: '2026-03-24T14:00:00.000Z',
        signupOpensAt: '2026-03-17T04:00:00.000Z',
      },
    ]);
  });

  it('puts one session on each listed date, sorted, at the time of day of the first', () => {
    const sessions = expandRecurrence(first, { dates: ['2026-03-20', '2026-03-10', '2026-03-13'] });
    expect(sessions.map((s) => s.startsAt)).toEqual([
      '2026-03-10T11:00:00.000Z',
      '2026-03-13T11:00:00.000Z',
      '2026-03-20T11:00:00.000Z',
    ]);
    expect(sessions.map((s) => s.signupOpensAt)).toEqual([
      '2026-03-03T04:00:00.000Z',
      '2026-03-06T04:00:00.000Z',
      '2026-03-13T04:00:00.000Z',
    ]);
  });

  it('counts dates by the Taipei calendar, also for a session starting just before midnight', () => {
    // 23:30 on 2026-03-10 in Taipei is still 2026-03-10 15:30 UTC; it runs past midnight.
    const late = {
      startsAt: '2026-03-10T15:30:00.000Z',
      endsAt: '2026-03-10T17:00:00.000Z',
      signupOpensAt: '2026-03-09T04:00:00.000Z',
    };
    const sessions = expandRecurrence(late, { dates: ['2026-03-10', '2026-03-11'] });
    expect(sessions.map((s) => s.startsAt)).toEqual(['2026-03-10T15:30:00.000Z', '2026-03-11T15:30:00.000Z']);
    expect(sessions.map((s) => taipeiDate(s.startsAt))).toEqual(['2026-03-10', '2026-03-11']);
  });

  it('keeps the length of the session and of the sign-up lead in every repeat', () => {
    const day = fc.integer({ min: 0, max: 364 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 23 * 60 }),
        fc.integer({ min: 30, max: 12 * 60 }),
        fc.integer({ min: 0, max: 60 * 24 * 60 }),
        fc.integer({ min: 1, max: 26 }),
        (date, startMinute, minutes, leadMinutes, weeks) => {
          const start = date.getTime() + startMinute * 60_000;
          const session = {
            startsAt: new Date(start).toISOString(),
            endsAt: new Date(start + minutes * 60_000).toISOString(),
            signupOpensAt: new Date(start - leadMinutes * 60_000).toISOString(),
          };
          const sessions = expandRecurrence(session, { weeks });
          expect(sessions).toHaveLength(weeks);
          sessions.forEach((s, week) => {
            expect(Date.parse(s.startsAt) - start).toBe(week * 7 * 86_400_000);
            expect(Date.parse(s.endsAt) - Date.parse(s.startsAt)).toBe(minutes * 60_000);
            expect(Date.parse(s.startsAt) - Date.parse(s.signupOpensAt)).toBe(leadMinutes * 60_000);
          });
        },
      ),
    );
  });

  it('repeats weekly on several weekdays: Tue+Thu for 2 weeks is 4 sessions in order', () => {
    const sessions = expandRecurrence(first, { weeks: 2, weekdays: [4, 2] });
    expect(sessions.map((s) => s.startsAt)).toEqual([
      '2026-03-10T11:00:00.000Z',
      '2026-03-12T11:00:00.000Z',
      '2026-03-17T11:00:00.000Z',
      '2026-03-19T11:00:00.000Z',
    ]);
    expect(sessions.map((s) => s.signupOpensAt)).toEqual([
      '2026-03-03T04:00:00.000Z',
      '2026-03-05T04:00:00.000Z',
      '2026-03-10T04:00:00.000Z',
      '2026-03-12T04:00:00.000Z',
    ]);
    expect(repeatCount({ weeks: 2, weekdays: [4, 2] })).toBe(sessions.length);
  });

  it('counts weekdays by the Taipei calendar and wraps past Sunday', () => {
    // Saturday 23:30 in Taipei (15:30 UTC); Sat+Mon for 2 weeks: Sat, Mon, Sat, Mon.
    const late = {
      startsAt: '2026-03-14T15:30:00.000Z',
      endsAt: '2026-03-14T16:30:00.000Z',
      signupOpensAt: '2026-03-13T04:00:00.000Z',
    };
    expect(taipeiWeekday(late.startsAt)).toBe(6);
    const sessions = expandRecurrence(late, { weeks: 2, weekdays: [6, 1] });
    expect(sessions.map((s) => taipeiDate(s.startsAt))).toEqual([
      '2026-03-14',
      '2026-03-16',
      '2026-03-21',
      '2026-03-23',
    ]);
    expect(sessions.map((s) => taipeiWeekday(s.startsAt))).toEqual([6, 1, 6, 1]);
  });

  it('puts every session on a listed weekday, once, in time order, weeks × weekdays in all', () => {
    const day = fc.integer({ min: 0, max: 364 }).map((n) => Date.UTC(2026, 0, 1) + n * 86_400_000);
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 23 * 60 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 0, maxLength: 6 }),
        fc.integer({ min: 1, max: 7 }),
        (date, startMinute, others, weeks) => {
          const start = new Date(date + startMinute * 60_000).toISOString();
          const session = { startsAt: start, endsAt: start, signupOpensAt: start };
          const weekdays = [...new Set([taipeiWeekday(start), ...others])];
          const sessions = expandRecurrence(session, { weeks, weekdays });
          expect(sessions).toHaveLength(weeks * weekdays.length);
          expect(sessions[0]).toEqual(session);
          const starts = sessions.map((s) => Date.parse(s.startsAt));
          expect(starts).toEqual([...starts].sort((a, b) => a - b));
          expect(new Set(starts).size).toBe(starts.length);
          for (const s of sessions) expect(weekdays).toContain(taipeiWeekday(s.startsAt));
          expect(starts.at(-1)! - starts[0]!).toBeLessThan(weeks * 7 * 86_400_000);
        },
      ),
    );
  });

  it("refuses weekdays without the first session's, repeated weekdays and more than 52 sessions", () => {
    const body = {
      publishState: 1,
      title: '週二四晚場',
      venue: '信義運動中心',
      region: '台北市',
      categories: ['casual'],
      courts: 2,
      capacity: 8,
      price: 200,
      startsAt: first.startsAt,
      endsAt: first.endsAt,
      signupOpensAt: first.signupOpensAt,
    };
    const parse = (repeat: unknown) => createSessionRequest.safeParse({ ...body, repeat });
    expect(parse({ weeks: 4, weekdays: [2, 4] }).success).toBe(true);
    expect(parse({ weeks: 4, weekdays: [3, 4] }).success).toBe(false);
    expect(parse({ weeks: 4, weekdays: [2, 2] }).success).toBe(false);
    expect(parse({ weeks: 26, weekdays: [2, 4] }).success).toBe(true);
    expect(parse({ weeks: 26, weekdays: [2, 4, 6] }).success).toBe(false);
    expect(repeatCount({ weeks: 26, weekdays: [2, 4, 6] })).toBe(78);
    expect(parse({ weeks: 4, weekdays: [0, 2] }).success).toBe(false);
  });
});
