import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { expectSessionInvariants } from '../../support/invariants.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('members@example.com', '成員隊'));
});
afterAll(() => h.close());

interface MemberView {
  userId: string;
  name: string;
  membership: string;
  blocked: boolean;
  stats: { sessions: number; attended: number; absent: number; attendanceRate: number };
}

async function teamPlayers(count: number, prefix: string) {
  const ps = await h.players(count, prefix);
  for (const p of ps) await h.call('checkState/member/joinTeam', { teamId }, { token: p.token });
  return ps;
}

describe('members list', () => {
  it('searches, pages and shows attendance figures per member', async () => {
    const ps = await teamPlayers(5, 'roster');
    const session = await h.newSession(token, { startsInHours: 0.5, capacity: 10 });
    for (const p of ps.slice(0, 3)) await h.join(p.token, session.id);
    await h.ok('signed/signed', { sessionId: session.id, userId: ps[0]!.userId, attendance: 'attended' }, token);
    await h.ok(
      'signed/signed',
      { sessionId: session.id, userId: ps[1]!.userId, attendance: 'absent', confirm: true },
      token,
    );

    await h.later(40 * 60_000, async () => {
      const page1 = await h.ok<{ items: MemberView[]; total: number }>(
        'members/getMembers',
        { search: 'roster', pageSize: 2 },
        token,
      );
      expect(page1.total).toBe(5);
      expect(page1.items.map((m) => m.name)).toEqual(['roster 0', 'roster 1']);
      expect(page1.items[0]!.stats).toMatchObject({ sessions: 1, attended: 1, absent: 0, attendanceRate: 100 });
      expect(page1.items[1]!.stats).toMatchObject({ sessions: 1, attended: 0, absent: 1, attendanceRate: 0 });

      const page3 = await h.ok<{ items: MemberView[] }>(
        'members/getMembers',
        { search: 'roster', pageSize: 2, page: 3 },
        token,
      );
      expect(page3.items.map((m) => m.name)).toEqual(['roster 4']);
      expect(page3.items[0]!.stats.sessions).toBe(0);

      const one = await h.ok<{ items: MemberView[] }>('members/getMembers', { search: 'ROSTER 3' }, token);
      expect(one.items.map((m) => m.userId)).toEqual([ps[3]!.userId]);
    });
  });

  it('refuses bad input with a 400 envelope and writes nothing', async () => {
    const before = await h.snapshot();
    for (const [path, body] of [
      ['members/getMembers', { page: 0 }],
      ['members/getMembers', { pageSize: 101 }],
      ['members/switchBlock', { userId: 'line_x' }],
      ['members/switchBlock', { userId: 'bad id!', blocked: true }],
      ['members/updateMembership', { userId: 'line_x', membership: 'gold' }],
    ] as const) {
      const res = await h.adminCall(path, body, { token });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('membership', () => {
  it('sets a member as regular or vip', async () => {
    const [p] = await teamPlayers(1, 'vip');
    const res = await h.ok('members/updateMembership', { userId: p!.userId, membership: 'vip' }, token);
    expect(res).toEqual({ userId: p!.userId, membership: 'vip', blocked: false });
    const listed = await h.ok<{ items: MemberView[] }>('members/getMembers', { search: p!.userId }, token);
    expect(listed.items[0]!.membership).toBe('vip');
    const missing = await h.adminCall(
      'members/updateMembership',
      { userId: 'line_Unobody', membership: 'vip' },
      { token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('MEMBER_NOT_FOUND');
  });
});

describe('blocking', () => {
  it("cancels the blocked player's future bookings, promotes the waitlist and refuses new bookings", async () => {
    const ps = await teamPlayers(4, 'block');
    const [bad, p1, p2, p3] = ps as [(typeof ps)[0], (typeof ps)[0], (typeof ps)[0], (typeof ps)[0]];
    const full = await h.newSession(token, { capacity: 2 });
    const later = await h.newSession(token, { capacity: 5, startsInHours: 72 });
    for (const p of [bad, p1, p2, p3]) await h.join(p.token, full.id);
    await h.join(bad.token, later.id);

    const res = await h.ok<{ cancelledBookings: number }>(
      'members/switchBlock',
      { userId: bad.userId, blocked: true },
      token,
    );
    expect(res).toEqual({ userId: bad.userId, blocked: true, cancelledBookings: 2 });

    const { accepted, waitlist } = await expectSessionInvariants(h.store, full.id);
    expect(accepted.map((b) => b.userId).sort()).toEqual([p1.userId, p2.userId].sort());
    expect(waitlist.map((e) => e.userId)).toEqual([p3.userId]);
    expect((await h.outbox(full.id)).filter((n) => n.kind === 'promoted').map((n) => n.userId)).toEqual([p2.userId]);
    const laterState = await expectSessionInvariants(h.store, later.id);
    expect(laterState.accepted).toHaveLength(0);

    const refused = await h.join(bad.token, later.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot book sessions of this team');
    const listed = await h.ok<{ items: MemberView[] }>('members/getMembers', { blocked: true }, token);
    expect(listed.items.map((m) => m.userId)).toEqual([bad.userId]);

    await h.ok('members/switchBlock', { userId: bad.userId, blocked: false }, token);
    expect((await h.join(bad.token, later.id)).body.data).toMatchObject({ status: 'accepted' });
  });

  it('blocks a player who booked a public session without joining the team', async () => {
    const session = await h.newSession(token, { capacity: 3 });
    const [stranger] = await h.players(1, 'stranger');
    await h.join(stranger!.token, session.id);
    const res = await h.ok('members/switchBlock', { userId: stranger!.userId, blocked: true }, token);
    expect(res).toMatchObject({ blocked: true, cancelledBookings: 1 });
    expect((await h.join(stranger!.token, session.id)).body.error).toBe('MEMBER_BLOCKED');
  });

  it('answers 403 PLAYER_NOT_IN_TEAM for an unknown player, as for one the team does not know', async () => {
    const res = await h.adminCall('members/switchBlock', { userId: 'line_Ughost', blocked: true }, { token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('PLAYER_NOT_IN_TEAM');
  });
});
