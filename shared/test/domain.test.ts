import { describe, expect, it } from 'vitest';
import {
  type AttendanceRecord,
  CATEGORIES,
  computeHistoryStatistics,
  isStartingSoon,
  monthsBetween,
  REGIONS,
  SORT_ORDERS,
  sessionStatusAt,
  summarize,
  taipeiDate,
  taipeiDayStart,
} from '../src/index.ts';

const session = {
  signupOpensAt: '2026-12-01T00:00:00.000Z',
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
};

describe('constants', () => {
  it('lists the 21 regions in the order of the specification', () => {
    expect(REGIONS).toHaveLength(21);
    expect(REGIONS[0]).toBe('台北市');
    expect(REGIONS[5]).toBe('高雄市');
    expect(REGIONS.at(-1)).toBe('連江縣');
  });
  it('has five categories and five sort orders', () => {
    expect(CATEGORIES).toEqual(['casual', 'competitive', 'social', 'training', 'beginner']);
    expect(SORT_ORDERS).toEqual(['none', 'latestFirst', 'oldestFirst', 'priceHighToLow', 'priceLowToHigh']);
  });
});

describe('session status', () => {
  it('is not yet open before sign-up opens', () => {
    expect(sessionStatusAt(session, new Date('2026-11-30T23:59:59.999Z'))).toBe('notYetOpen');
  });
  it('is open from the sign-up opening until the start', () => {
    expect(sessionStatusAt(session, new Date('2026-12-01T00:00:00.000Z'))).toBe('open');
    expect(sessionStatusAt(session, new Date('2026-12-03T10:59:59.999Z'))).toBe('open');
  });
  it('is in progress from the start until the end', () => {
    expect(sessionStatusAt(session, new Date('2026-12-03T11:00:00.000Z'))).toBe('inProgress');
    expect(sessionStatusAt(session, new Date('2026-12-03T12:59:59.999Z'))).toBe('inProgress');
  });
  it('is ended from the end on', () => {
    expect(sessionStatusAt(session, new Date('2026-12-03T13:00:00.000Z'))).toBe('ended');
  });
  it('is starting soon only inside the window before the start', () => {
    expect(isStartingSoon(session, new Date('2026-12-03T08:59:59.000Z'), 120)).toBe(false);
    expect(isStartingSoon(session, new Date('2026-12-03T09:00:00.000Z'), 120)).toBe(true);
    expect(isStartingSoon(session, new Date('2026-12-03T11:00:00.000Z'), 120)).toBe(false);
    expect(isStartingSoon(session, new Date('2026-12-03T10:30:00.000Z'), 15)).toBe(false);
  });
});

describe('Taipei time', () => {
  it('dates instants in UTC+8', () => {
    expect(taipeiDate('2026-12-01T15:59:59.000Z')).toBe('2026-12-01');
    expect(taipeiDate('2026-12-01T16:00:00.000Z')).toBe('2026-12-02');
    expect(taipeiDayStart('2026-12-02')).toBe('2026-12-01T16:00:00.000Z');
  });
  it('lists the months a range touches, across a year end', () => {
    expect(monthsBetween('2026-11-20', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-11-20', '2026-11-21')).toEqual(['2026-11']);
  });
});

const record = (over: Partial<AttendanceRecord>): AttendanceRecord => ({
  teamId: 'a',
  teamName: 'A 隊',
  startsAt: '2026-11-20T11:00:00.000Z',
  price: 200,
  partySize: 1,
  attendance: 'attended',
  ...over,
});

describe('statistics', () => {
  it('is all zero without history', () => {
    expect(summarize([])).toEqual({
      totalSessions: 0,
      attended: 0,
      absent: 0,
      attendanceRate: 0,
      totalSpent: 0,
      averagePerSession: 0,
    });
  });

  it('counts attendance over marked sessions and money over attended ones', () => {
    const stats = summarize([
      record({ price: 200 }),
      record({ price: 300 }),
      record({ price: 250, attendance: 'absent' }),
      record({ price: 999, attendance: null }),
    ]);
    expect(stats).toEqual({
      totalSessions: 4,
      attended: 2,
      absent: 1,
      attendanceRate: 66.7,
      totalSpent: 500,
      averagePerSession: 250,
    });
  });

  it('charges a party for every place it took', () => {
    expect(summarize([record({ price: 200, partySize: 3 })]).totalSpent).toBe(600);
  });

  it('groups by team and limits the recent view to the last 30 Taipei days', () => {
    const now = new Date('2026-12-01T02:00:00.000Z');
    const stats = computeHistoryStatistics(
      [
        record({ startsAt: '2026-11-30T11:00:00.000Z' }),
        record({ teamId: 'b', teamName: 'B 隊', startsAt: '2026-11-02T11:00:00.000Z', attendance: 'absent' }),
        record({ teamId: 'b', teamName: 'B 隊', startsAt: '2026-10-01T11:00:00.000Z' }),
      ],
      now,
    );
    expect(stats.totalSessions).toBe(3);
    expect(stats.teams).toEqual([
      { teamId: 'b', teamName: 'B 隊', sessions: 2, attended: 1, attendanceRate: 50 },
      { teamId: 'a', teamName: 'A 隊', sessions: 1, attended: 1, attendanceRate: 100 },
    ]);
    expect(stats.last30Days.totalSessions).toBe(2);
    expect(stats.last30Days.days).toHaveLength(30);
    expect(stats.last30Days.days.at(-1)).toEqual({ date: '2026-12-01', sessions: 0, attended: 0, spent: 0 });
    expect(stats.last30Days.days.find((d) => d.date === '2026-11-30')).toEqual({
      date: '2026-11-30',
      sessions: 1,
      attended: 1,
      spent: 200,
    });
  });
});
