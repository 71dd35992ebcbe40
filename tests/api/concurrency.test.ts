import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

const PLAYERS = 300;
const CAPACITY = 24;

let h: ApiHarness;
let baseUrl: string;
beforeAll(async () => {
  h = await createApiHarness();
  baseUrl = await h.listen();
});
afterAll(() => h.close());

async function post(path: string, token: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; data?: { status: string }; error?: string },
  };
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

async function outboxItems() {
  const { Items } = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
    }),
  );
  return Items ?? [];
}

describe(`${PLAYERS} players join a session of ${CAPACITY} at once over HTTP`, () => {
  it('seats exactly 24, queues the rest in commit order, then promotes exactly the freed places', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: CAPACITY });
    const names = Array.from({ length: PLAYERS }, (_, i) => `Uload${String(i).padStart(4, '0')}`);
    const tokens = await inBatches(names, 50, (sub) => h.login(sub));

    const started = performance.now();
    const joins = await Promise.all(
      tokens.map((token) => post('checkState/sessionList/joinSession', token, { sessionId: session.id })),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`${PLAYERS} concurrent joins: ${seconds.toFixed(2)} s, ${(PLAYERS / seconds).toFixed(0)} requests/s`);

    expect(
      joins.filter((r) => r.status >= 500),
      'no 5xx',
    ).toEqual([]);
    expect(joins.every((r) => r.status === 200)).toBe(true);
    expect(joins.filter((r) => r.body.data?.status === 'accepted')).toHaveLength(CAPACITY);
    expect(joins.filter((r) => r.body.data?.status === 'waiting')).toHaveLength(PLAYERS - CAPACITY);

    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted).toHaveLength(CAPACITY);
    expect(state.waitlist).toHaveLength(PLAYERS - CAPACITY);
    expect(new Set(state.bookings.map((b) => b.userId)).size).toBe(PLAYERS);

    // Positions shown by the API are 1..276 in the waitlist's commit order.
    const viewer = await h.login('Ulistviewer', '看名單');
    const list = await h.call<{ waiting: { position: number; name: string }[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId: session.id },
      { token: viewer },
    );
    const waiting = list.body.data!.waiting;
    expect(waiting.map((p) => p.position)).toEqual(Array.from({ length: PLAYERS - CAPACITY }, (_, i) => i + 1));
    const nameOf = new Map(state.bookings.map((b) => [b.userId, b.userName]));
    expect(waiting.map((p) => p.name)).toEqual(state.waitlist.map((e) => nameOf.get(e.userId)));

    // Each waiting player sees their own position, equal to their place in the list.
    const byName = new Map(names.map((n, i) => [n, tokens[i]!]));
    for (const probe of [0, 137, PLAYERS - CAPACITY - 1]) {
      const entry = waiting[probe]!;
      const detail = await h.call<{ myBooking: { position: number } }>(
        'checkState/sessionList/getDetail',
        { sessionId: session.id },
        { token: byName.get(entry.name)! },
      );
      expect(detail.body.data!.myBooking.position).toBe(probe + 1);
    }

    // 12 accepted and 10 waiting players cancel at once.
    const acceptedIds = state.accepted.map((b) => b.userId).slice(0, 12);
    // Waiting players behind the first 12 places: none of them can be promoted before their own cancel lands.
    const waitingIds = [12, 13, 30, 41, 100, 150, 200, 250, 260, 275].map((i) => state.waitlist[i]!.userId);
    const tokenOf = (userId: string) => byName.get(userId.replace(/^line_/, ''))!;
    const earliestStillWaiting = state.waitlist
      .map((e) => e.userId)
      .filter((id) => !waitingIds.includes(id))
      .slice(0, 12);

    const cancelStarted = performance.now();
    const cancels = await Promise.all(
      [...acceptedIds, ...waitingIds].map((userId) =>
        post('checkState/booked/cancelBooked', tokenOf(userId), { sessionId: session.id }),
      ),
    );
    const cancelSeconds = (performance.now() - cancelStarted) / 1000;
    console.log(`22 concurrent cancellations: ${cancelSeconds.toFixed(2)} s`);
    expect(cancels.filter((r) => r.status !== 200)).toEqual([]);

    const after = await expectSessionInvariants(h.store, session.id);
    expect(after.accepted).toHaveLength(CAPACITY);
    const promoted = after.bookings.filter((b) => b.promotedAt);
    expect(promoted.map((b) => b.userId).sort()).toEqual([...earliestStillWaiting].sort());
    expect(after.waitlist).toHaveLength(PLAYERS - CAPACITY - 10 - 12);

    const outbox = (await outboxItems()).filter((o) => o.sessionId === session.id);
    expect(outbox).toHaveLength(12);
    expect(outbox.map((o) => o.userId).sort()).toEqual([...earliestStillWaiting].sort());
    expect(outbox.every((o) => o.kind === 'promoted')).toBe(true);

    const listAfter = await h.call<{ waiting: { position: number }[]; accepted: unknown[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId: session.id },
      { token: await h.login('Ulistviewer', '看名單') },
    );
    expect(listAfter.body.data!.accepted).toHaveLength(CAPACITY);
    expect(listAfter.body.data!.waiting.map((p) => p.position)).toEqual(
      Array.from({ length: PLAYERS - CAPACITY - 22 }, (_, i) => i + 1),
    );
  });
});

const ENTRIES = 500;

describe(`${ENTRIES} entries in a lottery window, then the draw (docs/FAIR-SIGNUP.md)`, () => {
  it('answers every join entered, then fills the seats exactly and queues the rest 1..n in drawn order', async () => {
    const { runSignupJobs } = await import('@shuttle/functions/bookings/sign-up-jobs.ts');
    const team = await h.putTeam();
    const session = await h.putSession(team, {
      capacity: CAPACITY,
      signupMode: 'lottery',
      lotteryMinutes: 1,
      signupOpensAt: h.clock.now().toISOString(),
    });
    const names = Array.from({ length: ENTRIES }, (_, i) => `Uentry${String(i).padStart(4, '0')}`);
    const tokens = await inBatches(names, 50, (sub) => h.login(sub));

    const started = performance.now();
    const joins = await Promise.all(
      tokens.map((token) => post('checkState/sessionList/joinSession', token, { sessionId: session.id })),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${ENTRIES} concurrent lottery entries: ${seconds.toFixed(2)} s, ${(ENTRIES / seconds).toFixed(0)} requests/s`,
    );
    expect(joins.filter((r) => r.status !== 200)).toEqual([]);
    expect(joins.every((r) => r.body.data?.status === 'entered')).toBe(true);

    h.clock.advance(60_000);
    const drawStarted = performance.now();
    // Two runners at once, as overlapping scheduled invocations would be.
    const runs = await Promise.all([
      runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID() })),
      runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID() })),
    ]);
    console.log(`draw and settling of ${ENTRIES} entries: ${((performance.now() - drawStarted) / 1000).toFixed(2)} s`);
    expect(runs.reduce((n, r) => n + r.draws, 0)).toBe(1);

    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted).toHaveLength(CAPACITY);
    expect(state.session.remaining).toBe(0);
    expect(state.waitlist).toHaveLength(ENTRIES - CAPACITY);
    expect(state.bookings.filter((b) => b.status === 'entered')).toEqual([]);

    const list = await h.call<{ waiting: { position: number }[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId: session.id },
      { token: await h.login('Ulistviewer', '看名單') },
    );
    expect(list.body.data!.waiting.map((p) => p.position)).toEqual(
      Array.from({ length: ENTRIES - CAPACITY }, (_, i) => i + 1),
    );
    const detail = await h.call<{ lottery: { order: string[]; entries: unknown[] } }>('withoutAuth/getDetail', {
      sessionId: session.id,
    });
    expect(detail.body.data!.lottery.entries).toHaveLength(ENTRIES);
    expect(detail.body.data!.lottery.order).toHaveLength(ENTRIES);
    const drawn = (await outboxItems()).filter((o) => o.sessionId === session.id && o.reason === 'lotteryDrawn');
    expect(drawn).toHaveLength(CAPACITY);
  });
});
