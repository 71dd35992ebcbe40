import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('noshow@example.com', '點名隊'));
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const rule = { noShowLimit: 2, noShowWindowDays: 30, noShowPenaltyDays: 7, lateCancelCountsHalf: true };

/** An admin token issued at the clock's present (tokens expire). */
const fresh = async () => (await h.adminLogin('noshow@example.com')).body.data!.token;

async function member(prefix: string) {
  const [p] = await h.players(1, prefix);
  await h.call('checkState/member/joinTeam', { teamId }, { token: p!.token });
  return p!;
}

describe('no-show rule', () => {
  it('is off until the team sets it, and validates the setting', async () => {
    expect(await h.ok('noShow/getRule', { teamId }, token)).toEqual({
      noShowLimit: 0,
      noShowWindowDays: 60,
      noShowPenaltyDays: 14,
      lateCancelCountsHalf: false,
    });
    for (const bad of [
      { ...rule, noShowLimit: -1 },
      { ...rule, noShowWindowDays: 0 },
      { ...rule, noShowPenaltyDays: 366 },
      { ...rule, noShowLimit: 1.5 },
    ]) {
      expect((await h.adminCall('noShow/updateRule', { teamId, ...bad }, { token })).status).toBe(400);
    }
    expect(await h.ok('noShow/updateRule', { teamId, ...rule }, token)).toEqual(rule);
    expect(await h.ok('noShow/getRule', { teamId }, token)).toEqual(rule);
  });

  it('suspends a member who reaches the limit; the join is refused with the reason and end; the admin lifts it', async () => {
    await h.ok('noShow/updateRule', { teamId, ...rule }, token);
    const p = await member('absent');
    const first = await h.newSession(token, { startsInHours: 1 });
    const second = await h.newSession(token, { startsInHours: 2 });
    const next = await h.newSession(token, { startsInHours: 48 });
    await h.join(p.token, first.id);
    await h.join(p.token, second.id);

    h.clock.advance(3 * HOUR);
    try {
      const token = await fresh();
      await h.ok('signed/signed', { sessionId: first.id, userId: p.userId, attendance: 'absent' }, token);
      expect((await h.ok<{ suspensions: unknown[] }>('noShow/suspensions', { teamId }, token)).suspensions).toEqual([]);
      await h.ok('signed/signed', { sessionId: second.id, userId: p.userId, attendance: 'absent' }, token);
      const until = new Date(h.clock.now().getTime() + 7 * 24 * HOUR).toISOString();
      const list = await h.ok<{ suspensions: unknown[] }>('noShow/suspensions', { teamId }, token);
      expect(list.suspensions).toEqual([{ userId: p.userId, name: 'absent 0', suspendedUntil: until, noShows: 2 }]);

      const player = await h.login(p.sub, 'absent 0');
      const refused = await h.join(player, next.id);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('MEMBER_SUSPENDED');
      expect(refused.body.message).toContain(until);
      const mine = await h.call('checkState/noShow/mySuspension', { teamId }, { token: player });
      expect(mine.body.data).toEqual({ suspendedUntil: until, noShows: 2 });

      const lifted = await h.ok<{ suspensions: unknown[] }>(
        'noShow/liftSuspension',
        { teamId, userId: p.userId },
        token,
      );
      expect(lifted.suspensions).toEqual([]);
      expect((await h.join(player, next.id)).status).toBe(200);
      // The no-shows before the lift no longer count: marking one of them again does not suspend.
      await h.ok('signed/signed', { sessionId: second.id, userId: p.userId, attendance: 'absent' }, token);
      expect((await h.ok<{ suspensions: unknown[] }>('noShow/suspensions', { teamId }, token)).suspensions).toEqual([]);
    } finally {
      h.clock.advance(-3 * HOUR);
    }
  });

  it('a suspension ends by itself after the penalty days', async () => {
    await h.ok('noShow/updateRule', { teamId, ...rule, noShowLimit: 1, noShowPenaltyDays: 1 }, token);
    const p = await member('expire');
    const s1 = await h.newSession(token, { startsInHours: 1 });
    const later = await h.newSession(token, { startsInHours: 60 });
    await h.join(p.token, s1.id);
    await h.later(2 * HOUR, async () => {
      const token = await fresh();
      await h.ok('signed/signed', { sessionId: s1.id, userId: p.userId, attendance: 'absent' }, token);
      expect((await h.join(await h.login(p.sub), later.id)).body.error).toBe('MEMBER_SUSPENDED');
    });
    await h.later(2 * HOUR + 25 * HOUR, async () => {
      expect((await h.join(await h.login(p.sub), later.id)).status).toBe(200);
    });
  });

  it('counts a late cancellation as half', async () => {
    await h.ok('noShow/updateRule', { teamId, ...rule, noShowLimit: 2 }, token);
    const p = await member('late');
    const absent = await h.newSession(token, { startsInHours: 1 });
    const lateOne = await h.newSession(token, { startsInHours: 10 });
    const lateTwo = await h.newSession(token, { startsInHours: 12 });
    const early = await h.newSession(token, { startsInHours: 30 });
    for (const s of [absent, lateOne, lateTwo, early]) await h.join(p.token, s.id);
    // Cancelled more than a day ahead: not late, never counted.
    expect((await h.call('checkState/booked/cancelBooked', { sessionId: early.id }, { token: p.token })).status).toBe(
      200,
    );
    // Cancelled 10 and 12 hours before their start: late (the last 24 hours), each counts half.
    for (const s of [lateOne, lateTwo]) {
      const res = await h.call('checkState/booked/cancelBooked', { sessionId: s.id }, { token: p.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await h.later(2 * HOUR, async () => {
      const token = await fresh();
      await h.ok('signed/signed', { sessionId: absent.id, userId: p.userId, attendance: 'absent' }, token);
    });
    const list = await h.ok<{ suspensions: { userId: string; noShows: number }[] }>(
      'noShow/suspensions',
      { teamId },
      token,
    );
    const mine = list.suspensions.find((x) => x.userId === p.userId);
    expect(mine?.noShows).toBe(2);
  });
});
