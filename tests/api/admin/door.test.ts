import type { RotationAdminBoard } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { expectSessionInvariants, readSessionState } from '../../support/invariants.ts';
import { openBoard } from '../rotation-fixtures.ts';

/** At the door (docs/ON-COURT.md, "At the door"): every slip can be taken back. */
let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('door@example.com', '門口隊'));
});
afterAll(() => h.close());

const HOUR = 3_600_000;
/** An admin token issued at the clock's present (tokens expire). */
const fresh = async () => (await h.adminLogin('door@example.com')).body.data!.token;
const board = async (sessionId: string, t = token) =>
  (await h.ok<{ board: RotationAdminBoard }>('rotation/getBoard', { sessionId }, t)).board;
const sign = (sessionId: string, userId: string, attendance: string | null, extra: object = {}, t = token) =>
  h.adminCall<{ attendance: string | null; checkedInAt: string | null }>(
    'signed/signed',
    { sessionId, userId, attendance, ...extra },
    { token: t },
  );

describe('taking a check-in back', () => {
  it('returns the player to 未點名 (attendance null, no check-in time), idempotently, and lets them cancel again', async () => {
    const session = await h.newSession(token, { capacity: 3 });
    const [p] = await h.players(1, 'undo');
    await h.join(p!.token, session.id);
    expect((await sign(session.id, p!.userId, 'attended')).status).toBe(200);

    const undone = await sign(session.id, p!.userId, null);
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ attendance: null, checkedInAt: null });
    const row = (await readSessionState(h.store, session.id)).bookings[0]!;
    expect(row.attendance).toBeNull();
    expect(row.checkedInAt).toBeUndefined();
    const before = await h.snapshot();
    expect((await sign(session.id, p!.userId, null)).status).toBe(200);
    expect(await h.snapshot()).toEqual(before);

    const signed = await h.ok<{ counts: unknown }>('courtSession/signedMembers', { sessionId: session.id }, token);
    expect(signed.counts).toEqual({ attended: 0, absent: 0, unmarked: 1 });
    // No longer checked in: the player's own cancellation works again.
    const cancel = await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: p!.token });
    expect(cancel.status).toBe(200);
    await expectSessionInvariants(h.store, session.id);
  });

  it('takes a player who has not played off the rotation board, and one who has played off the queue (gone, games kept)', async () => {
    const { sessionId, players } = await openBoard(h, token, 'undoboard', { checkedIn: 5, startsInHours: 0.5 });
    const ids = () => board(sessionId).then((b) => b.players.map((p) => p.userId));
    expect(await ids()).toHaveLength(5);
    await h.ok('rotation/startNext', { sessionId, court: 1 }, token);
    const onCourt = (await board(sessionId)).players.filter((p) => p.court === 1).map((p) => p.userId);
    const waiting = players.map((p) => p.userId).find((id) => !onCourt.includes(id))!;

    // Not played yet: off the board, as if never checked in.
    await sign(sessionId, waiting, null);
    expect(await ids()).not.toContain(waiting);
    // Played (on court now): stays with the game, gone from the queue.
    await sign(sessionId, onCourt[0]!, null);
    const gone = (await board(sessionId)).players.find((p) => p.userId === onCourt[0]);
    expect(gone).toMatchObject({ state: 'gone', gamesPlayed: 1 });

    // Checked in again: both wait again, the first at the back of the queue.
    h.clock.advance(1000);
    await sign(sessionId, waiting, 'attended');
    await sign(sessionId, onCourt[0]!, 'attended');
    const after = await board(sessionId);
    expect(after.players.find((p) => p.userId === waiting)).toMatchObject({ state: 'ready', gamesPlayed: 0 });
    expect(after.players.find((p) => p.userId === onCourt[0])).toMatchObject({ state: 'ready', gamesPlayed: 1 });
  });

  it('refuses absent before the start without a confirmation, changing nothing; with it, or once started, marks it', async () => {
    const session = await h.newSession(token, { capacity: 3, startsInHours: 10 });
    const [p, q] = await h.players(2, 'early');
    await h.join(p!.token, session.id);
    await h.join(q!.token, session.id);
    const before = await h.snapshot();
    const refused = await sign(session.id, p!.userId, 'absent');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ABSENT_BEFORE_START');
    expect(await h.snapshot()).toEqual(before);

    expect((await sign(session.id, p!.userId, 'absent', { confirm: true })).body.data).toMatchObject({
      attendance: 'absent',
    });
    // Marking the same again needs nothing more (idempotent).
    expect((await sign(session.id, p!.userId, 'absent')).status).toBe(200);
    await h.later(10 * HOUR, async () => {
      expect((await sign(session.id, q!.userId, 'absent', {}, await fresh())).status).toBe(200);
    });
  });

  it("undoes the suspension an absent mark caused, restoring the count's reset; a player still over the limit stays suspended", async () => {
    await h.ok(
      'noShow/updateRule',
      { teamId, noShowLimit: 1, noShowWindowDays: 30, noShowPenaltyDays: 7, lateCancelCountsHalf: false },
      token,
    );
    const [p, twice] = await h.players(2, 'slip');
    for (const x of [p!, twice!]) await h.call('checkState/member/joinTeam', { teamId }, { token: x.token });
    const first = await h.newSession(token, { startsInHours: 1 });
    const second = await h.newSession(token, { startsInHours: 1 });
    const next = await h.newSession(token, { startsInHours: 48 });
    for (const x of [p!, twice!]) await h.join(x.token, first.id);
    await h.join(twice!.token, second.id);
    const suspensions = async (t: string) =>
      (await h.ok<{ suspensions: { userId: string }[] }>('noShow/suspensions', { teamId }, t)).suspensions.map(
        (x) => x.userId,
      );

    await h.later(2 * HOUR, async () => {
      const t = await fresh();
      await sign(first.id, p!.userId, 'absent', {}, t);
      expect(await suspensions(t)).toContain(p!.userId);
      // The slip taken back (here: present after all): no suspension, and the booking works again.
      await sign(first.id, p!.userId, 'attended', {}, t);
      expect(await suspensions(t)).not.toContain(p!.userId);
      expect((await h.join(await h.login(p!.sub), next.id)).status).toBe(200);

      // Absent twice; taking back the mark that suspended leaves the other no-show, still at the limit.
      await sign(first.id, twice!.userId, 'absent', {}, t);
      await sign(second.id, twice!.userId, 'absent', {}, t);
      await sign(first.id, twice!.userId, null, {}, t);
      expect(await suspensions(t)).toContain(twice!.userId);
    });
  });
});

describe('a walk-in at a full session', () => {
  it('raises the limit by one in place (+1 名額並加入), once for a retried request, the waitlist untouched', async () => {
    const session = await h.newSession(token, { capacity: 1, startsInHours: 1 });
    const [a, b] = await h.players(2, 'fullwalk');
    await h.join(a!.token, session.id);
    await h.join(b!.token, session.id);
    const full = await h.adminCall('signed/addWalkIn', { sessionId: session.id, name: '路人' }, { token });
    expect(full.body.error).toBe('SESSION_FULL');

    const headers = { 'idempotency-key': 'raise-walk-in-01' };
    const body = { sessionId: session.id, name: '路人', raiseCapacity: true };
    const first = await h.adminCall<{ capacityRaised: boolean }>('signed/addWalkIn', body, { token, headers });
    expect(first.body.data).toMatchObject({ capacityRaised: true, status: 'accepted', attendance: 'attended' });
    const retry = await h.adminCall('signed/addWalkIn', body, { token, headers });
    expect(retry.body.data).toEqual(first.body.data);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session).toMatchObject({ capacity: 2, acceptedCount: 2, remaining: 0, waitingCount: 1 });
    expect(state.waitlist.map((e) => e.userId)).toEqual([b!.userId]);

    // With a place free, the same request takes it and raises nothing.
    const roomy = await h.newSession(token, { capacity: 3, startsInHours: 1 });
    const added = await h.ok<{ capacityRaised: boolean }>('signed/addWalkIn', { ...body, sessionId: roomy.id }, token);
    expect(added.capacityRaised).toBe(false);
    expect((await readSessionState(h.store, roomy.id)).session.capacity).toBe(3);
  });

  it('refuses past the largest capacity a session may have', async () => {
    const session = await h.newSession(token, { capacity: 60, startsInHours: 1 });
    const players = await h.players(60, 'maxcap');
    await Promise.all(players.map((p) => h.join(p.token, session.id)));
    const before = await h.snapshot();
    const res = await h.adminCall(
      'signed/addWalkIn',
      { sessionId: session.id, name: '多一位', raiseCapacity: true },
      { token },
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('CAPACITY_AT_MAXIMUM');
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('waitlisted players on the check-in list', () => {
  async function fullSession(prefix: string, capacity: number, parties: number[]) {
    const session = await h.newSession(token, { capacity, startsInHours: 1 });
    const ps = await h.players(parties.length, prefix);
    for (const [i, p] of ps.entries()) {
      const res = await h.call(
        'checkState/sessionList/joinSession',
        { sessionId: session.id, partySize: parties[i] },
        {
          token: p.token,
        },
      );
      expect(res.status).toBe(200);
    }
    return { session, ps };
  }

  it('lists the waitlist in its order, with positions, beside the accepted players', async () => {
    const { session, ps } = await fullSession('listwait', 1, [1, 1, 2]);
    const list = await h.ok<{
      players: { userId: string }[];
      waiting: { userId: string; position: number; partySize: number }[];
    }>('courtSession/signedMembers', { sessionId: session.id }, token);
    expect(list.players.map((p) => p.userId)).toEqual([ps[0]!.userId]);
    expect(list.waiting.map((p) => [p.userId, p.position, p.partySize])).toEqual([
      [ps[1]!.userId, 1, 1],
      [ps[2]!.userId, 2, 2],
    ]);
  });

  it('moves a waiting player up past the line: the capacity grows by their party, checked in, nobody told', async () => {
    const { session, ps } = await fullSession('upcheck', 2, [1, 1, 1, 2, 1]);
    const res = await h.ok<{ capacityRaised: number; attendance: string; session: { capacity: number } }>(
      'signed/promote',
      { sessionId: session.id, userId: ps[3]!.userId, checkIn: true },
      token,
    );
    expect(res).toMatchObject({ capacityRaised: 2, attendance: 'attended', session: { capacity: 4 } });
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.waitlist.map((e) => e.userId)).toEqual([ps[2]!.userId, ps[4]!.userId]);
    expect(state.accepted.find((b) => b.userId === ps[3]!.userId)).toMatchObject({ attendance: 'attended' });
    expect(await h.outbox(session.id)).toEqual([]);
  });

  it('moves a player up into a free place their party fits (the head does not), and tells them', async () => {
    const { session, ps } = await fullSession('upfree', 3, [2, 2, 1]);
    // 2 of 3 taken, the head's party of 2 does not fit the free place; the party of 1 behind it does.
    const res = await h.ok<{ capacityRaised: number; attendance: null }>(
      'signed/promote',
      { sessionId: session.id, userId: ps[2]!.userId },
      token,
    );
    expect(res).toMatchObject({ capacityRaised: 0, attendance: null });
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session).toMatchObject({ capacity: 3, remaining: 0 });
    expect(state.waitlist.map((e) => e.userId)).toEqual([ps[1]!.userId]);
    const notices = await h.outbox(session.id);
    expect(notices.map((n) => [n.userId, n.kind, n.reason])).toEqual([[ps[2]!.userId, 'promoted', 'movedUp']]);
  });

  it('answers a retry the same, refuses a player not waiting, and changes nothing then', async () => {
    const { session, ps } = await fullSession('upretry', 1, [1, 1]);
    const headers = { 'idempotency-key': 'promote-retry-001' };
    const body = { sessionId: session.id, userId: ps[1]!.userId, checkIn: true };
    const first = await h.adminCall('signed/promote', body, { token, headers });
    const retry = await h.adminCall('signed/promote', body, { token, headers });
    expect(retry.status).toBe(200);
    expect((retry.body.data as { capacityRaised: number }).capacityRaised).toBe(
      (first.body.data as { capacityRaised: number }).capacityRaised,
    );
    expect((await readSessionState(h.store, session.id)).session.capacity).toBe(2);

    const before = await h.snapshot();
    for (const userId of [ps[0]!.userId, ps[1]!.userId]) {
      const res = await h.adminCall('signed/promote', { sessionId: session.id, userId }, { token });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('NOT_WAITING');
    }
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('self check-in codes', () => {
  it('are made once per session, valid from 1 h before the start to the end; a new one replaces the old', async () => {
    const session = await h.newSession(token, { startsInHours: 5 });
    const first = await h.ok<{ code: string; opensAt: string; closesAt: string }>(
      'signed/getSelfCheckIn',
      { sessionId: session.id },
      token,
    );
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.opensAt).toBe(new Date(Date.parse(session.startsAt) - HOUR).toISOString());
    expect(first.closesAt).toBe(session.endsAt);
    expect((await h.ok<{ code: string }>('signed/getSelfCheckIn', { sessionId: session.id }, token)).code).toBe(
      first.code,
    );
    const rotated = await h.ok<{ code: string }>('signed/rotateSelfCheckIn', { sessionId: session.id }, token);
    expect(rotated.code).not.toBe(first.code);
    expect((await h.ok<{ code: string }>('signed/getSelfCheckIn', { sessionId: session.id }, token)).code).toBe(
      rotated.code,
    );
  });
});
