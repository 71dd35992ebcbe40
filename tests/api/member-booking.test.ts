import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { memberCodec } from '@shuttle/functions/db/codecs/teams.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants, readSessionState } from '../support/invariants.ts';

let h: ApiHarness;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
beforeAll(async () => {
  h = await createApiHarness();
  team = await h.putTeam();
});
afterAll(() => h.close());

const join = (token: string, sessionId: string, headers?: Record<string, string>) =>
  h.call<{ sessionId: string; status: string }>(
    'checkState/sessionList/joinSession',
    { sessionId },
    { token, headers },
  );
const cancel = (token: string, sessionId: string, headers?: Record<string, string>) =>
  h.call<{ promoted: boolean }>('checkState/booked/cancelBooked', { sessionId }, { token, headers });

async function tableItemCount() {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  // Test-only census of the test's own table; request paths never scan.
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  do {
    const page = await h.store.doc.send(
      new ScanCommand({ TableName: h.store.tableName, Select: 'COUNT', ExclusiveStartKey }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

describe('reserving', () => {
  it('takes a place while there is one, then the waitlist in order', async () => {
    const session = await h.putSession(team, { capacity: 2 });
    const [a, b, c, d] = await Promise.all(['Ur1', 'Ur2', 'Ur3', 'Ur4'].map((s) => h.login(s)));
    expect((await join(a!, session.id)).body.data!.status).toBe('accepted');
    expect((await join(b!, session.id)).body.data!.status).toBe('accepted');
    expect((await join(c!, session.id)).body.data!.status).toBe('waiting');
    expect((await join(d!, session.id)).body.data!.status).toBe('waiting');
    const detail = await h.call<{ myBooking: { status: string; position: number }; remaining: number }>(
      'checkState/sessionList/getDetail',
      { sessionId: session.id },
      { token: d },
    );
    expect(detail.body.data).toMatchObject({ remaining: 0, myBooking: { status: 'waiting', position: 2 } });
    await expectSessionInvariants(h.store, session.id);
  });

  it('refuses a second booking by the same player and writes nothing', async () => {
    const session = await h.putSession(team);
    const token = await h.login('Udup');
    await join(token, session.id);
    const before = await tableItemCount();
    const again = await join(token, session.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ALREADY_BOOKED');
    expect(await tableItemCount()).toBe(before);
  });

  it.each([
    ['before sign-up opens', { signupOpensAt: '2026-12-05T00:00:00.000Z' }, 'SIGNUP_NOT_OPEN'],
    ['once the session has started', { startsInHours: -0.5 }, 'SESSION_STARTED'],
  ])('refuses %s', async (_, over, code) => {
    const session = await h.putSession(team, over);
    const res = await join(await h.login(`Urule${code}`), session.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(code);
    expect((await readSessionState(h.store, session.id)).bookings).toEqual([]);
  });

  it("refuses when booking is closed: 'Booking Closed'", async () => {
    const session = await h.putSession(team);
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.session(session.id),
        UpdateExpression: 'SET bookingClosed = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    const res = await join(await h.login('Uclosed'), session.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Booking Closed');
  });

  it('refuses blocked members and non-members of team-only sessions', async () => {
    const open = await h.putSession(team);
    const teamOnly = await h.putSession(team, { isPublic: false });
    const blocked = await h.login('Ublocked');
    await h.store.doc.send(
      new PutCommand({
        TableName: h.store.tableName,
        Item: memberCodec.encode({
          type: 'member',
          teamId: team.id,
          userId: 'line_Ublocked',
          name: 'Ublocked',
          pictureUrl: '',
          blocked: true,
          membership: 'member',
          joinedAt: h.clock.now().toISOString(),
        }),
      }),
    );
    expect((await join(blocked, open.id)).body.error).toBe('MEMBER_BLOCKED');
    expect((await join(blocked, teamOnly.id)).body.error).toBe('MEMBER_BLOCKED');
    const stranger = await h.login('Ustranger');
    expect((await join(stranger, teamOnly.id)).body.error).toBe('TEAM_ONLY');
    await h.call('checkState/member/joinTeam', { teamId: team.id }, { token: stranger });
    expect((await join(stranger, teamOnly.id)).body.data?.status).toBe('accepted');
  });

  it('answers 404 for an unknown session and 400 for a bad body', async () => {
    const token = await h.login('Ubad');
    expect((await join(token, 'nope')).status).toBe(404);
    for (const body of [{}, { sessionId: '' }, { sessionId: 'a b' }, { sessionId: 's', partySize: 9 }]) {
      const res = await h.call('checkState/sessionList/joinSession', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await join('', 'x')).status).toBe(401);
  });
});

describe('cancelling', () => {
  it('frees the place, promotes the waitlist head and records exactly one notification', async () => {
    const session = await h.putSession(team, { capacity: 1 });
    const [a, b, c] = await Promise.all(['Uc1', 'Uc2', 'Uc3'].map((s) => h.login(s)));
    await join(a!, session.id);
    await join(b!, session.id);
    await join(c!, session.id);
    const res = await cancel(a!, session.id);
    expect(res.body.data).toEqual({ sessionId: session.id, cancelled: true, promoted: true });
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted.map((x) => x.userId)).toEqual(['line_Uc2']);
    expect(state.waitlist.map((x) => x.userId)).toEqual(['line_Uc3']);
    const { Items } = await h.store.doc.send(
      new QueryCommand({
        TableName: h.store.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :p',
        ExpressionAttributeValues: { ':p': 'OUTBOX#PENDING' },
      }),
    );
    expect(Items!.filter((o) => o.sessionId === session.id)).toEqual([
      expect.objectContaining({ kind: 'promoted', userId: 'line_Uc2', reason: 'cancellation' }),
    ]);
    const booked = await h.call<{ id: string; myBooking: { status: string; position: number | null } }[]>(
      'checkState/booked/getBooked',
      undefined,
      { token: c },
    );
    expect(booked.body.data!.find((s) => s.id === session.id)?.myBooking).toMatchObject({
      status: 'waiting',
      position: 1,
    });
  });

  it('lets a waiting player leave the waitlist and closes the gap', async () => {
    const session = await h.putSession(team, { capacity: 1 });
    const tokens = await Promise.all(['Uw0', 'Uw1', 'Uw2', 'Uw3'].map((s) => h.login(s)));
    for (const t of tokens) await join(t, session.id);
    expect((await cancel(tokens[2]!, session.id)).body.data!.promoted).toBe(false);
    const list = await h.call<{ waiting: { position: number; name: string }[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId: session.id },
      { token: tokens[0]! },
    );
    expect(list.body.data!.waiting).toEqual([
      expect.objectContaining({ name: 'Uw1', position: 1 }),
      expect.objectContaining({ name: 'Uw3', position: 2 }),
    ]);
    await expectSessionInvariants(h.store, session.id);
  });

  it("refuses after check-in: 'Already checked in, cancellation failed.'", async () => {
    const session = await h.putSession(team);
    const token = await h.login('Uchecked');
    await join(token, session.id);
    await h.deps.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.booking(session.id, 'line_Uchecked'),
        UpdateExpression: 'SET attendance = :a',
        ExpressionAttributeValues: { ':a': 'attended' },
      }),
    );
    const res = await cancel(token, session.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Already checked in, cancellation failed.');
    const booked = await h.call<{ id: string; myBooking: { canCancel: boolean } }[]>(
      'checkState/booked/getBooked',
      undefined,
      { token },
    );
    expect(booked.body.data!.find((s) => s.id === session.id)?.myBooking.canCancel).toBe(false);
  });

  it("refuses once the session is 'Starting Soon' and shows no cancel", async () => {
    const session = await h.putSession(team, { startsInHours: 1 });
    const token = await h.login('Usoon');
    await join(token, session.id);
    const res = await cancel(token, session.id);
    expect(res.body.error).toBe('CANCEL_WINDOW_PASSED');
    const detail = await h.call<{ startingSoon: boolean; myBooking: { canCancel: boolean } }>(
      'checkState/sessionList/getDetail',
      { sessionId: session.id },
      { token },
    );
    expect(detail.body.data).toMatchObject({ startingSoon: true, myBooking: { canCancel: false } });
  });

  it('answers 404 when there is nothing to cancel', async () => {
    const session = await h.putSession(team);
    const res = await cancel(await h.login('Unothing'), session.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('BOOKING_NOT_FOUND');
  });

  it('lets a player book again after cancelling', async () => {
    const session = await h.putSession(team);
    const token = await h.login('Uagain');
    await join(token, session.id);
    await cancel(token, session.id);
    expect((await join(token, session.id)).body.data!.status).toBe('accepted');
    await expectSessionInvariants(h.store, session.id);
  });
});

describe('Idempotency-Key', () => {
  it('makes a retried join return the first result and write nothing new', async () => {
    const session = await h.putSession(team, { capacity: 1 });
    const [first, second] = await Promise.all([h.login('Uidem1'), h.login('Uidem2')]);
    await join(first!, session.id);
    const headers = { 'Idempotency-Key': 'join-retry-0001' };
    const original = await join(second!, session.id, headers);
    expect(original.body.data!.status).toBe('waiting');
    const before = await tableItemCount();
    const retried = await join(second!, session.id, headers);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual(original.body.data);
    expect(await tableItemCount()).toBe(before);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.waitlist).toHaveLength(1);
  });

  it('makes a retried cancel return the first result and promote nobody else', async () => {
    const session = await h.putSession(team, { capacity: 1 });
    const [a, b, c] = await Promise.all(['Uic1', 'Uic2', 'Uic3'].map((s) => h.login(s)));
    for (const t of [a, b, c]) await join(t!, session.id);
    const headers = { 'Idempotency-Key': 'cancel-retry-0001' };
    const original = await cancel(a!, session.id, headers);
    const before = await tableItemCount();
    const retried = await cancel(a!, session.id, headers);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual(original.body.data);
    expect(await tableItemCount()).toBe(before);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted.map((x) => x.userId)).toEqual(['line_Uic2']);
    expect(state.waitlist.map((x) => x.userId)).toEqual(['line_Uic3']);
  });

  it('refuses a key reused for another session, and a malformed key', async () => {
    const [s1, s2] = await Promise.all([h.putSession(team), h.putSession(team)]);
    const token = await h.login('Ureuse');
    await join(token, s1.id, { 'Idempotency-Key': 'reused-key-0001' });
    const reused = await join(token, s2.id, { 'Idempotency-Key': 'reused-key-0001' });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await readSessionState(h.store, s2.id)).bookings).toEqual([]);
    expect((await join(token, s2.id, { 'Idempotency-Key': 'bad key!' })).status).toBe(400);
  });

  it('keys on the whole request: a retry with another party size is refused, not answered with the first result', async () => {
    const session = await h.putSession(team, { capacity: 6 });
    const token = await h.login('Uparty');
    const headers = { 'Idempotency-Key': 'party-retry-0001' };
    const first = await h.call(
      'checkState/sessionList/joinSession',
      { sessionId: session.id, partySize: 1 },
      { token, headers },
    );
    expect(first.status).toBe(200);
    const before = await tableItemCount();
    const changed = await h.call(
      'checkState/sessionList/joinSession',
      { sessionId: session.id, partySize: 3 },
      { token, headers },
    );
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await tableItemCount()).toBe(before);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted.map((x) => [x.userId, x.partySize])).toEqual([['line_Uparty', 1]]);
    const same = await h.call(
      'checkState/sessionList/joinSession',
      { sessionId: session.id, partySize: 1 },
      { token, headers },
    );
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(first.body.data);
  });
});

describe('history and statistics', () => {
  it('counts ended sessions, attendance and spending', async () => {
    let token = await h.login('Uhistory', '歷史');
    const sessions = await Promise.all([
      h.putSession(team, { startsInHours: 6, price: 200 }),
      h.putSession(team, { startsInHours: 7, price: 300 }),
      h.putSession(team, { startsInHours: 8, price: 250 }),
    ]);
    for (const s of sessions) await join(token, s.id);
    const { bookingEngine } = await import('@shuttle/functions/app/factories.ts');
    const engine = bookingEngine({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID() });
    await engine.checkIn(sessions[0]!.id, 'line_Uhistory', 'attended');
    await engine.checkIn(sessions[1]!.id, 'line_Uhistory', 'attended');
    await engine.checkIn(sessions[2]!.id, 'line_Uhistory', 'absent');
    expect((await h.call<unknown[]>('checkState/booked/getBooked', undefined, { token })).body.data).toHaveLength(3);

    h.clock.advance(24 * 3_600_000);
    token = await h.login('Uhistory', '歷史');
    const history = await h.call<{ items: { id: string; attendance: string }[]; statistics: Record<string, unknown> }>(
      'checkState/history/getHistory',
      undefined,
      { token },
    );
    expect(history.body.data!.items.map((i) => i.attendance)).toEqual(['absent', 'attended', 'attended']);
    expect(history.body.data!.statistics).toMatchObject({
      totalSessions: 3,
      attended: 2,
      absent: 1,
      attendanceRate: 66.7,
      totalSpent: 500,
      averagePerSession: 250,
      teams: [{ teamId: team.id, sessions: 3, attended: 2, attendanceRate: 66.7 }],
    });
    expect((await h.call('checkState/setting/getAmountOfAttend', undefined, { token })).body.data).toEqual({
      attended: 2,
      total: 3,
    });
    expect((await h.call<unknown[]>('checkState/booked/getBooked', undefined, { token })).body.data).toEqual([]);
    h.clock.advance(-24 * 3_600_000);
  });

  it('lists cancelled bookings, past and ahead, with a transfer already reported, and never counts them', async () => {
    let token = await h.login('Ucancelled', '取消');
    const [ahead, past] = await Promise.all([
      h.putSession(team, { startsInHours: 48, price: 300 }),
      h.putSession(team, { startsInHours: 5, price: 200 }),
    ]);
    await join(token, ahead.id);
    await join(token, past.id);
    const reported = await h.call(
      'checkState/payments/reportTransfer',
      { sessionId: ahead.id, reference: '54321' },
      { token },
    );
    expect(reported.status).toBe(200);
    for (const s of [ahead, past]) {
      const res = await h.call('checkState/booked/cancelBooked', { sessionId: s.id }, { token });
      expect(res.status).toBe(200);
    }
    type Item = { id: string; cancelledAt?: string; transferReported?: { reference: string } };
    const read = async () =>
      (
        await h.call<{ items: Item[]; statistics: { totalSessions: number } }>(
          'checkState/history/getHistory',
          undefined,
          { token },
        )
      ).body.data!;
    const now = await read();
    expect(now.items.map((i) => i.id)).toEqual([ahead.id, past.id]);
    expect(now.items.every((i) => typeof i.cancelledAt === 'string')).toBe(true);
    expect(now.items[0]!.transferReported).toMatchObject({ reference: '54321' });
    expect(now.items[1]!.transferReported).toBeUndefined();
    expect(now.statistics.totalSessions).toBe(0);
    h.clock.advance(72 * 3_600_000);
    token = await h.login('Ucancelled', '取消');
    expect((await read()).items.map((i) => i.id)).toEqual([ahead.id, past.id]);
    h.clock.advance(-72 * 3_600_000);
  });

  it("keeps a cancelled booking's reported transfer on its owner's detail, and only theirs", async () => {
    const session = await h.putSession(team, { startsInHours: 48, price: 250 });
    const [owner, other] = await Promise.all([h.login('Urefund1', '退款'), h.login('Urefund2', '旁人')]);
    await join(owner, session.id);
    await join(other, session.id);
    type Detail = { myBooking?: unknown; myCancelledTransfer?: { reference: string; at: string } };
    const detail = async (token?: string) =>
      token
        ? (await h.call<Detail>('checkState/sessionList/getDetail', { sessionId: session.id }, { token })).body.data!
        : (await h.call<Detail>('withoutAuth/getDetail', { sessionId: session.id })).body.data!;
    const report = { sessionId: session.id, reference: '67890' };
    expect((await h.call('checkState/payments/reportTransfer', report, { token: owner })).status).toBe(200);
    // While the booking is held the report is on its payment, not here.
    expect((await detail(owner)).myCancelledTransfer).toBeUndefined();
    for (const token of [owner, other]) {
      const res = await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token });
      expect(res.status).toBe(200);
    }

    const mine = await detail(owner);
    expect(mine.myBooking).toBeNull();
    expect(mine.myCancelledTransfer).toEqual({ reference: '67890', at: h.clock.now().toISOString() });
    // Another cancelled player (who reported nothing) and a visitor never see it.
    expect((await detail(other)).myCancelledTransfer).toBeUndefined();
    expect(JSON.stringify(await detail())).not.toContain('67890');
  });
});
