import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { expectSessionInvariants, readSessionState } from '../../support/invariants.ts';
import { countReads } from '../../support/read-counter.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('checkin@example.com', '報到隊'));
});
afterAll(() => h.close());

describe('check-in', () => {
  it('marks attended or absent idempotently, and a checked-in player cannot cancel', async () => {
    const session = await h.newSession(token, { capacity: 2 });
    const ps = await h.players(3, 'sign');
    for (const p of ps) await h.join(p.token, session.id);
    const body = { sessionId: session.id, userId: ps[0]!.userId, attendance: 'attended' };

    const first = await h.ok<{ checkedInAt: string }>('signed/signed', body, token);
    expect(first).toMatchObject({ attendance: 'attended', checkedInAt: h.clock.now().toISOString() });
    const before = await h.snapshot();
    h.clock.advance(60_000);
    const again = await h.ok<{ checkedInAt: string }>('signed/signed', body, token);
    h.clock.advance(-60_000);
    expect(again.checkedInAt).toBe(first.checkedInAt);
    expect(await h.snapshot()).toEqual(before);

    const cancel = await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: ps[0]!.token });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Already checked in, cancellation failed.');

    await h.ok('signed/signed', { ...body, attendance: 'absent', confirm: true }, token);
    const signed = await h.ok<{ counts: unknown }>('courtSession/signedMembers', { sessionId: session.id }, token);
    expect(signed.counts).toEqual({ attended: 0, absent: 1, unmarked: 1 });

    const waiting = await h.adminCall('signed/signed', { ...body, userId: ps[2]!.userId }, { token });
    expect(waiting.status).toBe(404);
    expect(waiting.body.error).toBe('BOOKING_NOT_FOUND');
    await expectSessionInvariants(h.store, session.id);
  });

  it("lists a day's sessions with attendance counts", async () => {
    const { token: t2 } = await h.adminWithTeam('signlist@example.com');
    const today = await h.newSession(t2, { startsInHours: 3 });
    await h.newSession(t2, { startsInHours: 30 });
    const [p] = await h.players(1, 'signlist');
    await h.join(p!.token, today.id);
    await h.ok('signed/signed', { sessionId: today.id, userId: p!.userId, attendance: 'attended' }, t2);
    const list = await h.ok<{ date: string; sessions: { session: { id: string }; counts: unknown }[] }>(
      'signed/getSignedList',
      {},
      t2,
    );
    expect(list.date).toBe('2026-12-01');
    expect(list.sessions.map((s) => s.session.id)).toEqual([today.id]);
    expect(list.sessions[0]!.counts).toEqual({ attended: 1, absent: 0, unmarked: 0 });
    const tomorrow = await h.ok<{ sessions: unknown[] }>('signed/getSignedList', { date: '2026-12-02' }, t2);
    expect(tomorrow.sessions).toHaveLength(1);
  });

  it("shows each accepted player's level on the check-in list, at the same cost for one player or many", async () => {
    const reads = countReads(h.store.doc);
    const [one, many] = [
      await h.newSession(token, { capacity: 4, startsInHours: 1 }),
      await h.newSession(token, { capacity: 4, startsInHours: 1 }),
    ];
    const ps = await h.players(3, 'levels');
    await h.call('checkState/setting/level', { level: 7 }, { token: ps[0]!.token });
    await h.call('checkState/setting/level', { level: 12 }, { token: ps[1]!.token });
    await h.join(ps[0]!.token, one.id);
    for (const p of ps) await h.join(p.token, many.id);
    await h.ok('signed/addWalkIn', { sessionId: many.id, name: '臨打小王' }, token);

    const list = (sessionId: string) =>
      reads.during(() =>
        h.ok<{ players: { userId: string; name: string; level?: number | null }[] }>(
          'courtSession/signedMembers',
          { sessionId },
          token,
        ),
      );
    const [single, all] = [await list(one.id), await list(many.id)];
    expect(single.result.players.map((p) => p.level)).toEqual([7]);
    expect(Object.fromEntries(all.result.players.map((p) => [p.name, p.level]))).toEqual({
      'levels 0': 7,
      'levels 1': 12,
      'levels 2': null,
      臨打小王: null,
    });
    // TABLE.md, "check-in list": the levels are one BatchGetItem, however many players.
    expect(all.read.calls).toBe(single.read.calls);
  });
});

describe('walk-ins', () => {
  it('adds a known player and a guest as accepted and attended, even when sign-up is closed', async () => {
    const session = await h.newSession(token, { capacity: 3, startsInHours: 1 });
    const [known] = await h.players(1, 'walkin');
    await h.call('checkState/member/joinTeam', { teamId }, { token: known!.token });
    await h.ok('courtSession/switchOpening', { sessionId: session.id, open: false }, token);

    const added = await h.ok('signed/addWalkIn', { sessionId: session.id, userId: known!.userId }, token);
    expect(added).toMatchObject({ userId: known!.userId, status: 'accepted', attendance: 'attended' });
    const guest = await h.ok<{ userId: string; name: string }>(
      'signed/addWalkIn',
      { sessionId: session.id, name: '路人甲' },
      token,
    );
    expect(guest.userId).toMatch(/^guest_/);

    const { accepted, session: stored } = await expectSessionInvariants(h.store, session.id);
    expect(stored.acceptedCount).toBe(2);
    expect(accepted.every((b) => b.walkIn && b.attendance === 'attended')).toBe(true);
    const again = await h.adminCall('signed/addWalkIn', { sessionId: session.id, userId: known!.userId }, { token });
    expect(again.status).toBe(409);
  });

  it('answers a retried walk-in with the first result and adds nobody twice', async () => {
    const session = await h.newSession(token, { capacity: 3, startsInHours: 1 });
    const headers = { 'idempotency-key': 'walk-in-retry-01' };
    const first = await h.adminCall<{ userId: string }>(
      'signed/addWalkIn',
      { sessionId: session.id, name: '重試' },
      { token, headers },
    );
    const retry = await h.adminCall<{ userId: string }>(
      'signed/addWalkIn',
      { sessionId: session.id, name: '重試' },
      { token, headers },
    );
    expect(retry.body.data!.userId).toBe(first.body.data!.userId);
    const { accepted } = await expectSessionInvariants(h.store, session.id);
    expect(accepted).toHaveLength(1);
  });

  it('refuses a walk-in when no place is free, and a blocked player', async () => {
    const session = await h.newSession(token, { capacity: 1, startsInHours: 1 });
    const [p, blocked] = await h.players(2, 'nowalk');
    await h.call('checkState/member/joinTeam', { teamId }, { token: blocked!.token });
    await h.join(p!.token, session.id);
    const full = await h.adminCall('signed/addWalkIn', { sessionId: session.id, name: '客人' }, { token });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('No places left; raise the capacity first');

    const roomy = await h.newSession(token, { capacity: 5, startsInHours: 1 });
    await h.ok('members/switchBlock', { teamId, userId: blocked!.userId, blocked: true }, token);
    const res = await h.adminCall('signed/addWalkIn', { sessionId: roomy.id, userId: blocked!.userId }, { token });
    expect(res.status).toBe(403);
    expect((await readSessionState(h.store, roomy.id)).bookings).toHaveLength(0);
  });

  it('names only a member or a player who booked with the team before, never a stranger or a deleted account', async () => {
    const earlier = await h.newSession(token, { capacity: 5 });
    const session = await h.newSession(token, { capacity: 5, startsInHours: 1 });
    const [booker, stranger, gone] = await h.players(3, 'whois');
    await h.join(booker!.token, earlier.id);
    await h.call('checkState/booked/cancelBooked', { sessionId: earlier.id }, { token: booker!.token });
    await h.call('checkState/member/joinTeam', { teamId }, { token: gone!.token });
    expect((await h.call('checkState/account/delete', {}, { token: gone!.token })).status).toBe(200);

    const before = await h.snapshot();
    for (const who of [stranger!, gone!]) {
      const res = await h.adminCall('signed/addWalkIn', { sessionId: session.id, userId: who.userId }, { token });
      expect(res.status, who.sub).toBe(403);
      expect(res.body.error).toBe('PLAYER_NOT_IN_TEAM');
    }
    expect(await h.snapshot()).toEqual(before);
    // Booked once (and cancelled): the team knows them.
    const added = await h.ok('signed/addWalkIn', { sessionId: session.id, userId: booker!.userId }, token);
    expect(added).toMatchObject({ userId: booker!.userId, status: 'accepted' });
  });

  it('adds walk-ins only from 2 hours before the start to the end of the session', async () => {
    const early = await h.newSession(token, { capacity: 5, startsInHours: 2.5 });
    const before = await h.snapshot();
    const res = await h.adminCall('signed/addWalkIn', { sessionId: early.id, name: '太早' }, { token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('WALK_IN_CLOSED');
    expect(await h.snapshot()).toEqual(before);
    // Half an hour later the window is open; after the end (2 h long) it is closed again.
    await h.later(31 * 60_000, async () => {
      expect((await h.adminCall('signed/addWalkIn', { sessionId: early.id, name: '準時' }, { token })).status).toBe(
        200,
      );
    });
    await h.later(5 * 3_600_000, async () => {
      const fresh = (await h.adminLogin('checkin@example.com')).body.data!.token;
      const late = await h.adminCall('signed/addWalkIn', { sessionId: early.id, name: '太晚' }, { token: fresh });
      expect(late.body.error).toBe('WALK_IN_CLOSED');
    });
  });

  it('refuses a request naming both a player and a guest', async () => {
    const session = await h.newSession(token);
    const res = await h.adminCall(
      'signed/addWalkIn',
      { sessionId: session.id, userId: 'line_U1', name: 'x' },
      { token },
    );
    expect(res.status).toBe(400);
  });
});
