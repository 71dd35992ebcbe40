import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

let h: AdminHarness;
let admin: { token: string; teamId: string };
beforeAll(async () => {
  h = await createAdminHarness();
  admin = await h.adminWithTeam('join-rules@example.com', '入隊規則隊');
});
afterAll(() => h.close());

interface TeamState {
  membership: string;
  joinRule: string;
}

const joinTeam = (token: string) =>
  h.call<{ is_in: boolean; amount_of_member: number; membership: string }>(
    'checkState/member/joinTeam',
    { teamId: admin.teamId },
    { token },
  );
const detailOf = async (token: string | undefined, sessionId: string) =>
  token
    ? h.call<{ team?: TeamState }>('checkState/sessionList/getDetail', { sessionId }, { token })
    : h.call<{ team?: TeamState }>('withoutAuth/getDetail', { sessionId });
const setRule = (join_rule: 'open' | 'approval') =>
  h.ok<{ join_rule: string }>('setting/updateDefault', { join_rule }, admin.token);

async function teamOnlySession() {
  const session = await h.newSession(admin.token, { capacity: 6 });
  await h.ok('courtSession/switchPublic', { sessionId: session.id, isPublic: false }, admin.token);
  return session;
}

describe('joining an open team', () => {
  it('makes the player a member at once, idempotently, who can then book a team-only session', async () => {
    const session = await teamOnlySession();
    const [p] = await h.players(1, 'open');
    expect((await detailOf(undefined, session.id)).status).toBe(404);
    expect((await detailOf(p!.token, session.id)).body.data!.team).toEqual({ membership: 'none', joinRule: 'open' });
    expect((await h.join(p!.token, session.id)).body.error).toBe('TEAM_ONLY');

    const first = await joinTeam(p!.token);
    expect(first.body.data).toMatchObject({ is_in: true, membership: 'member', amount_of_member: 1 });
    const again = await joinTeam(p!.token);
    expect(again.body.data).toMatchObject({ is_in: true, membership: 'member', amount_of_member: 1 });
    expect((await detailOf(p!.token, session.id)).body.data!.team).toEqual({ membership: 'member', joinRule: 'open' });
    expect((await h.join(p!.token, session.id)).body.data?.status).toBe('accepted');
    await expectSessionInvariants(h.store, session.id);
  });
});

describe('joining a team that approves joins', () => {
  it('leaves a pending request that cannot book until an admin approves it', async () => {
    expect((await setRule('approval')).join_rule).toBe('approval');
    const session = await teamOnlySession();
    const [p] = await h.players(1, 'approval');
    const asked = await joinTeam(p!.token);
    expect(asked.body.data).toMatchObject({ is_in: false, membership: 'pending' });
    expect((await joinTeam(p!.token)).body.data!.membership).toBe('pending');
    expect((await detailOf(p!.token, session.id)).body.data!.team).toEqual({
      membership: 'pending',
      joinRule: 'approval',
    });
    expect((await h.join(p!.token, session.id)).body.error).toBe('TEAM_ONLY');

    const requests = await h.ok<{ items: { userId: string; name: string }[] }>(
      'members/getJoinRequests',
      {},
      admin.token,
    );
    expect(requests.items).toEqual([expect.objectContaining({ userId: p!.userId, name: 'approval 0' })]);
    const members = await h.ok<{ items: { userId: string }[] }>('members/getMembers', {}, admin.token);
    expect(members.items.map((m) => m.userId)).not.toContain(p!.userId);

    expect(await h.ok('members/approveJoin', { userId: p!.userId }, admin.token)).toEqual({
      userId: p!.userId,
      membership: 'member',
    });
    expect(await h.ok('members/approveJoin', { userId: p!.userId }, admin.token)).toMatchObject({
      membership: 'member',
    });
    expect((await h.ok<{ items: unknown[] }>('members/getJoinRequests', {}, admin.token)).items).toEqual([]);
    expect((await detailOf(p!.token, session.id)).body.data!.team!.membership).toBe('member');
    expect((await h.join(p!.token, session.id)).body.data?.status).toBe('accepted');
    await expectSessionInvariants(h.store, session.id);
  });

  it('rejects a request; the player may ask again', async () => {
    await setRule('approval');
    const [p] = await h.players(1, 'rejected');
    await joinTeam(p!.token);
    expect(await h.ok('members/rejectJoin', { userId: p!.userId }, admin.token)).toEqual({
      userId: p!.userId,
      membership: 'none',
    });
    const again = await h.adminCall('members/rejectJoin', { userId: p!.userId }, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('JOIN_REQUEST_NOT_FOUND');
    const approveNone = await h.adminCall('members/approveJoin', { userId: p!.userId }, { token: admin.token });
    expect(approveNone.body.error).toBe('JOIN_REQUEST_NOT_FOUND');
    expect((await joinTeam(p!.token)).body.data!.membership).toBe('pending');
  });

  it('refuses a blocked player, and a pending request turns into a membership when the team opens', async () => {
    await setRule('approval');
    const [blocked, waiting] = await h.players(2, 'ruled');
    // An admin blocks a player the team knows: here one who asked to join.
    expect((await joinTeam(blocked!.token)).body.data!.membership).toBe('pending');
    await h.ok('members/switchBlock', { userId: blocked!.userId, blocked: true }, admin.token);
    const refused = await joinTeam(blocked!.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('MEMBER_BLOCKED');
    const session = await teamOnlySession();
    expect((await detailOf(blocked!.token, session.id)).body.data!.team!.membership).toBe('blocked');

    await joinTeam(waiting!.token);
    await setRule('open');
    expect((await joinTeam(waiting!.token)).body.data).toMatchObject({ membership: 'member', is_in: true });
    const left = await h.ok<{ items: { userId: string }[] }>('members/getJoinRequests', {}, admin.token);
    expect(left.items.map((r) => r.userId)).not.toContain(waiting!.userId);
  });
});
