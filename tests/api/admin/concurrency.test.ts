import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { index } from '@shuttle/functions/db/keys.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { expectSessionInvariants, readSessionRows, readSessionState } from '../../support/invariants.ts';

const PLAYERS = 40;

let h: AdminHarness;
let memberUrl: string;
let adminUrl: string;
beforeAll(async () => {
  h = await createAdminHarness();
  memberUrl = await h.listen();
  adminUrl = await h.listenAdmin();
});
afterAll(() => h.close());

interface Reply {
  path: string;
  status: number;
  body: { success: boolean; error?: string; data?: Record<string, unknown> };
}

async function post(base: string, prefix: string, path: string, token: string, body: unknown): Promise<Reply> {
  const res = await fetch(`${base}${prefix}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { path, status: res.status, body: (await res.json()) as Reply['body'] };
}
const member = (path: string, token: string, body: unknown) => post(memberUrl, '/api', path, token, body);
const admin = (path: string, token: string, body: unknown) => post(adminUrl, '/api/admin', path, token, body);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, r: Math.random() }))
    .sort((x, y) => x.r - y.r)
    .map((x) => x.item);

describe('admins change sessions while players book', () => {
  it('keeps every booking invariant and notifies exactly the players each change touched', async () => {
    const { token, teamId } = await h.adminWithTeam('busy-admin@example.com', '熱門隊');
    const capacityRun = await h.newSession(token, { capacity: 10, title: '容量場' });
    const moved = await h.newSession(token, { capacity: 8, title: '改時場' });
    const doomed = await h.newSession(token, { capacity: 8, title: '刪除場' });
    const sessions = [capacityRun.id, moved.id, doomed.id];
    const players = await h.players(PLAYERS, 'crowd');
    const blocked = players.slice(0, 3);
    // Admins block players the team knows (docs/ARCHITECTURE.md, "References"): these three are members.
    for (const p of blocked) expect((await member('checkState/member/joinTeam', p.token, { teamId })).status).toBe(200);

    const replies: Reply[] = [];
    const track = async (reply: Promise<Reply>) => {
      const r = await reply;
      replies.push(r);
      return r;
    };

    const joins = shuffled(players.flatMap((p) => sessions.map((sessionId) => ({ p, sessionId })))).map(
      async ({ p, sessionId }, i) => {
        await pause(i % 25);
        const joined = await track(member('checkState/sessionList/joinSession', p.token, { sessionId }));
        // Every fifth player who got in changes their mind.
        if (joined.status === 200 && Number(p.sub.slice(-3)) % 5 === 4) {
          await track(member('checkState/booked/cancelBooked', p.token, { sessionId }));
        }
      },
    );
    const newStart = new Date(Date.parse(moved.startsAt) + 86_400_000).toISOString();
    const newEnd = new Date(Date.parse(moved.endsAt) + 86_400_000).toISOString();
    let changeReply: Reply | undefined;
    let deleteReply: Reply | undefined;
    const admins = [
      (async () => {
        for (const capacity of [14, 6, 18, 3, 12, 20]) {
          await track(admin('courtSession/updateCapacity', token, { sessionId: capacityRun.id, capacity }));
          await pause(5);
        }
      })(),
      (async () => {
        await pause(15);
        for (const p of blocked) await track(admin('members/switchBlock', token, { userId: p.userId, blocked: true }));
      })(),
      (async () => {
        await pause(20);
        deleteReply = await track(admin('courtSession/delete', token, { sessionId: doomed.id }));
      })(),
      (async () => {
        await pause(10);
        changeReply = await track(
          admin('courtSession/updateVenue', token, {
            sessionId: moved.id,
            venue: '新場地',
            startsAt: newStart,
            endsAt: newEnd,
          }),
        );
        await track(admin('courtSession/updateCapacity', token, { sessionId: moved.id, capacity: 12 }));
      })(),
    ];
    await Promise.all([...joins, ...admins]);

    const tally = new Map<string, number>();
    for (const r of replies)
      tally.set(`${r.path} ${r.body.error ?? r.status}`, (tally.get(`${r.path} ${r.body.error ?? r.status}`) ?? 0) + 1);
    console.log(
      'Outcomes:',
      Object.fromEntries([...tally].sort()),
      'notified on change',
      changeReply?.body.data?.notified,
      'on delete',
      deleteReply?.body.data?.notified,
    );

    // No server errors, and every refusal is one the rules allow.
    const statuses = replies.map((r) => r.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(replies.filter((r) => r.status >= 500)),
    ).toEqual([]);
    const refusals = new Set(replies.filter((r) => r.status !== 200).map((r) => `${r.path}:${r.body.error}`));
    for (const refusal of refusals) {
      expect(
        [
          'checkState/sessionList/joinSession:BOOKING_CLOSED',
          'checkState/sessionList/joinSession:SESSION_NOT_FOUND',
          'checkState/sessionList/joinSession:MEMBER_BLOCKED',
          'checkState/booked/cancelBooked:SESSION_NOT_FOUND',
          'checkState/booked/cancelBooked:BOOKING_NOT_FOUND',
          'courtSession/updateCapacity:CAPACITY_BELOW_ACCEPTED',
        ],
        refusal,
      ).toContain(refusal);
    }
    expect(deleteReply?.status).toBe(200);
    expect(changeReply?.status).toBe(200);

    // Invariants of the sessions that remain: seats <= capacity, counters = rows, one booking
    // per player, waitlist positions 1..n (list order) matching the waiting rows.
    for (const sessionId of [capacityRun.id, moved.id]) {
      const { session, bookings } = await expectSessionInvariants(h.store, sessionId);
      const active = bookings.filter((b) => b.status !== 'cancelled');
      expect(new Set(active.map((b) => b.userId)).size).toBe(active.length);
      for (const p of blocked)
        expect(
          active.some((b) => b.userId === p.userId),
          `${p.userId} blocked`,
        ).toBe(false);
      expect(session.bookingClosed).toBe(false);
    }

    // The moved session: its bookings follow the new time, and each player it held when the
    // change committed got exactly one change notice.
    const movedState = await readSessionState(h.store, moved.id);
    expect(movedState.session.startsAt).toBe(newStart);
    for (const b of movedState.bookings.filter((x) => x.status !== 'cancelled')) expect(b.startsAt).toBe(newStart);
    const changeNotices = (await h.outbox(moved.id)).filter((n) => n.kind === 'sessionChanged');
    expect(changeNotices).toHaveLength(Number(changeReply!.body.data!.notified));
    expect(new Set(changeNotices.map((n) => n.userId)).size).toBe(changeNotices.length);

    // The deleted session: gone, nobody still active in it, and one notice per player it held.
    const doomedState = await readSessionRows(h.store, doomed.id);
    expect(doomedState.session).toBeUndefined();
    expect(doomedState.bookings.filter((b) => b.status !== 'cancelled')).toEqual([]);
    const removed = doomedState.bookings.filter((b) => b.cancelReason === 'sessionDeleted');
    const cancelNotices = (await h.outbox(doomed.id)).filter((n) => n.kind === 'sessionCancelled');
    expect(cancelNotices.map((n) => n.userId).sort()).toEqual(removed.map((b) => b.userId).sort());
    expect(cancelNotices).toHaveLength(Number(deleteReply!.body.data!.notified));

    // Each promotion was recorded once, for a player who is now accepted or cancelled their place later.
    const promoted = (await h.outbox()).filter((n) => n.kind === 'promoted');
    const keys = promoted.map((n) => `${n.sessionId}|${n.userId}`);
    expect(new Set(keys).size).toBe(keys.length);

    // A player's bookings index agrees with the rows.
    const p = players[10]!;
    const { Items } = await h.store.doc.send(
      new QueryCommand({
        TableName: h.store.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': index.userBookingsPartition(p.userId) },
      }),
    );
    for (const item of Items ?? []) expect(String(item.GSI1SK).startsWith(String(item.startsAt))).toBe(true);
  });
});
