import { createSessionRequest } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { hashPassword, Passwords, verifyPassword } from '#admin-accounts/password.ts';
import { adminAccounts } from '#app/factories.ts';
import { matchesSearch, memberStats } from '#bookings/stats.ts';
import { ValidationError } from '#platform/errors.ts';
import { activityOf, monthSpan, monthsFrom, sumLines, tallySession } from '#reports/revenue.ts';
import type { BookingRecord } from '#sessions/model.ts';
import { planSessions } from '#sessions/plan.ts';

const now = new Date('2026-12-01T02:00:00.000Z');
let n = 0;
const context = {
  teamId: 'team-1',
  teamName: '測試隊',
  cancelWindowMinutes: 120,
  createdBy: 'admin-1',
  now,
  newId: () => `s${++n}`,
};
const base = {
  venue: '大安運動中心',
  address: '',
  region: '台北市',
  courts: 2,
  capacity: 12,
  price: 200,
  categories: ['casual'],
  notes: '',
  lineLink: '',
  isPublic: true,
  // Thursday 3 December, 19:00-21:00 Taipei; sign-up opens two days before.
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
  signupOpensAt: '2026-12-01T11:00:00.000Z',
};
const request = (extra: Record<string, unknown>) => createSessionRequest.parse({ ...base, ...extra });

describe('planning sessions', () => {
  it('makes one session for publishState 0, titled after the team by default', () => {
    const [only, ...rest] = planSessions(request({ publishState: 0 }), context);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      title: '測試隊',
      startsAt: base.startsAt,
      teamId: 'team-1',
      cancelWindowMinutes: 120,
    });
  });

  it('repeats weekly at the same time, keeping the sign-up lead', () => {
    const sessions = planSessions(request({ publishState: 1, repeat: { weeks: 3 } }), context);
    expect(sessions.map((s) => [s.startsAt, s.endsAt, s.signupOpensAt])).toEqual([
      ['2026-12-03T11:00:00.000Z', '2026-12-03T13:00:00.000Z', '2026-12-01T11:00:00.000Z'],
      ['2026-12-10T11:00:00.000Z', '2026-12-10T13:00:00.000Z', '2026-12-08T11:00:00.000Z'],
      ['2026-12-17T11:00:00.000Z', '2026-12-17T13:00:00.000Z', '2026-12-15T11:00:00.000Z'],
    ]);
  });

  it('uses the Taipei date of each listed day, in date order', () => {
    // 07:30 Taipei is the previous day in UTC: the date must still be read in Taipei time.
    const early = { ...base, startsAt: '2026-12-02T23:30:00.000Z', endsAt: '2026-12-03T01:30:00.000Z' };
    const sessions = planSessions(
      request({ ...early, publishState: 1, repeat: { dates: ['2026-12-20', '2026-12-05'] } }),
      context,
    );
    expect(sessions.map((s) => s.startsAt)).toEqual(['2026-12-04T23:30:00.000Z', '2026-12-19T23:30:00.000Z']);
  });

  it('refuses a series with a start in the past', () => {
    expect(() =>
      planSessions(request({ publishState: 1, repeat: { dates: ['2026-11-30', '2026-12-05'] } }), context),
    ).toThrow(ValidationError);
  });
});

const session = { id: 's1', price: 180 };
const booking = (userId: string, over: Partial<BookingRecord>): BookingRecord => ({
  type: 'booking',
  sessionId: 's1',
  userId,
  teamId: 'team-1',
  userName: userId,
  pictureUrl: '',
  status: 'accepted',
  partySize: 1,
  bookedAt: '2026-11-30T00:00:00.000Z',
  acceptedAt: '2026-11-30T00:00:00.000Z',
  attendance: null,
  startsAt: '2026-11-30T11:00:00.000Z',
  ...over,
});

describe('revenue', () => {
  it('counts attended seats times the price; absent, waiting and cancelled pay nothing', () => {
    const line = tallySession(session, [
      booking('a', { attendance: 'attended', partySize: 2 }),
      booking('b', { attendance: 'absent' }),
      booking('c', {}),
      booking('d', { status: 'waiting', attendance: null }),
      booking('e', { status: 'cancelled', attendance: 'attended' }),
    ]);
    expect(line).toEqual({ sessions: 1, accepted: 4, attended: 2, absent: 1, revenue: 360, income: 0 });
    expect(sumLines([line, line])).toEqual({
      sessions: 2,
      accepted: 8,
      attended: 4,
      absent: 2,
      revenue: 720,
      income: 0,
    });
  });

  it('walks months across a year end and spans Taipei months', () => {
    expect(monthsFrom('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthSpan('2026-12')).toEqual({ from: '2026-11-30T16:00:00.000Z', to: '2026-12-31T16:00:00.000Z' });
  });

  it('reads a booking row as its history of events', () => {
    expect(activityOf(booking('a', {})).map((e) => e.kind)).toEqual(['booked']);
    const promotedThenCancelled = booking('b', {
      status: 'cancelled',
      acceptedAt: '2026-11-30T05:00:00.000Z',
      promotedAt: '2026-11-30T05:00:00.000Z',
      cancelledAt: '2026-11-30T06:00:00.000Z',
    });
    expect(activityOf(promotedThenCancelled).map((e) => e.kind)).toEqual(['waitlisted', 'promoted', 'cancelled']);
  });
});

describe('member figures', () => {
  it('counts started sessions of the team, with the rate over marked ones', () => {
    const stats = memberStats(
      [
        booking('a', { attendance: 'attended', startsAt: '2026-11-20T11:00:00.000Z' }),
        booking('a', { attendance: 'absent', startsAt: '2026-11-25T11:00:00.000Z' }),
        booking('a', { attendance: null, startsAt: '2026-11-28T11:00:00.000Z' }),
        booking('a', { attendance: 'attended', teamId: 'other-team' }),
        booking('a', { status: 'cancelled', attendance: null }),
        booking('a', { startsAt: '2026-12-05T11:00:00.000Z' }),
      ],
      'team-1',
      now,
    );
    expect(stats).toEqual({
      sessions: 3,
      attended: 1,
      absent: 1,
      attendanceRate: 50,
      lastSessionAt: '2026-11-28T11:00:00.000Z',
    });
  });

  it('matches a name case-insensitively or an exact user id', () => {
    expect(matchesSearch({ name: 'Amy 陳', userId: 'line_U1' }, 'amy')).toBe(true);
    expect(matchesSearch({ name: 'Amy 陳', userId: 'line_U1' }, 'line_U1')).toBe(true);
    expect(matchesSearch({ name: 'Amy 陳', userId: 'line_U1' }, 'line_U')).toBe(false);
  });
});

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies only the same password', async () => {
    const one = await hashPassword('correct horse');
    const two = await hashPassword('correct horse');
    expect(one).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword('correct horse', one)).toBe(true);
    expect(await verifyPassword('correct horsf', one)).toBe(false);
    expect(await verifyPassword('correct horse', 'not-a-hash')).toBe(false);
  });

  it("admin accounts hash at production's factor unless told otherwise, and check a hash of any factor", async () => {
    const store = { doc: {} as never, tableName: 'unused' };
    const built = adminAccounts({ store, clock: { now: () => now }, ids: () => 'id' });
    expect(await built.passwords.hash('correct horse')).toMatch(/^scrypt\$15\$8\$1\$/);
    const cheap = await new Passwords({ logN: 10 }).hash('correct horse');
    expect(cheap).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await built.passwords.verify('correct horse', cheap)).toBe(true);
    expect(await built.passwords.verify('correct horsf', cheap)).toBe(false);
    expect(await built.passwords.spendCheck('correct horse')).toBe(false);
  });
});
