import { lineSignature } from '@shuttle/functions/line/signature.ts';
import { LINE_WEBHOOK_PATH } from '@shuttle/functions/line/webhook.ts';
import { BUSY_RETRY_AFTER_SECONDS } from '@shuttle/functions/platform/errors.ts';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { LineApiStub } from '../api/notify/line-api-stub.ts';
import { startWebhook, WEBHOOK_SECRET } from '../api/notify/webhook-fixture.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { type Fault, injectFaults } from '../support/faults.ts';
import { expectSessionInvariants, readSessionState } from '../support/invariants.ts';
import { type StallProxy, startStallProxy } from '../support/stall-proxy.ts';

/**
 * A stalled, throttled or unreachable DynamoDB answers 503 SERVICE_BUSY with Retry-After, never
 * 500, and writes nothing half (functions/src/app/LIMITS.md, "Stalls"): the member API, the admin
 * API and the LINE webhook, which LINE must redeliver without the event acting twice. Real stalls
 * go through a proxy that stops passing requests on (the SDK's own request timeout fires); the
 * other faults are injected as the SDK raises them.
 */
let h: AdminHarness;
let proxy: StallProxy;
let plan: (command: string) => Fault | null = () => null;
let stub: LineApiStub;
let webhook: Hono;

beforeAll(async () => {
  proxy = await startStallProxy(inject('dynamoEndpoint'));
  h = await createAdminHarness({
    retry: { attempts: 4, baseDelayMs: 1, maxDelayMs: 5 },
    dynamo: { endpoint: proxy.endpoint, requestTimeoutMs: 1_500 },
    wrapStore: (store) => {
      injectFaults(store, (command) => plan(command));
    },
  });
  ({ stub, webhook } = await startWebhook(h));
});
afterAll(async () => {
  await proxy?.resume();
  await stub?.close();
  await h?.close();
  await proxy?.close();
});
beforeEach(async () => {
  plan = () => null;
  await proxy.resume();
  stub.reset();
});

/** The answer of a store that did not answer: 503, SERVICE_BUSY, a Retry-After in range. */
function expectBusy(res: { status: number; headers: Headers }, body: { error?: string; success: boolean }) {
  expect(res.status).toBe(503);
  expect(body).toMatchObject({ success: false, error: 'SERVICE_BUSY' });
  const after = Number(res.headers.get('retry-after'));
  expect(after).toBeGreaterThanOrEqual(BUSY_RETRY_AFTER_SECONDS.min);
  expect(after).toBeLessThanOrEqual(BUSY_RETRY_AFTER_SECONDS.max);
}

async function memberPost(path: string, body: unknown, token: string, key?: string) {
  const res = await h.app.request(`/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as { success: boolean; error?: string; data?: { status: string } } };
}

async function adminPost(path: string, body: unknown, token: string) {
  const res = await h.adminApp.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as { success: boolean; error?: string } };
}

const join = (token: string, sessionId: string, key?: string) =>
  memberPost('checkState/sessionList/joinSession', { sessionId }, token, key);

/** A session of a new team and a player signed in (their account written) before any fault is planned. */
async function sessionAndPlayer(name: string, capacity?: number) {
  const team = await h.putTeam();
  const session = await h.putSession(team, capacity ? { capacity } : {});
  const token = await h.login(name);
  expect((await h.call('checkState/checkAuth', undefined, { token })).status).toBe(200);
  return { session, token };
}

describe('member API', () => {
  it('a join while DynamoDB stalls answers 503 SERVICE_BUSY with Retry-After; nothing is written, and the retry books once', async () => {
    const { session, token } = await sessionAndPlayer('Ustall1', 3);

    proxy.stall();
    const started = Date.now();
    const stalled = await join(token, session.id, 'stall-join-0001');
    await proxy.resume();

    expectBusy(stalled.res, stalled.body);
    expect(Date.now() - started).toBeLessThan(8_000);
    const state = await readSessionState(h.store, session.id);
    expect(state.bookings).toEqual([]);
    expect(state.session.acceptedCount).toBe(0);

    const retried = await join(token, session.id, 'stall-join-0001');
    expect([retried.res.status, retried.body.data?.status]).toEqual([200, 'accepted']);
    const after = await expectSessionInvariants(h.store, session.id);
    expect(after.accepted.map((b) => b.userId)).toEqual(['line_Ustall1']);
  });

  it('one connection the database dropped ("socket hang up") is tried again and the join lands once', async () => {
    const { session, token } = await sessionAndPlayer('Ustall-retried');

    proxy.hangUpNext(1);
    const res = await join(token, session.id);

    expect(res.res.status).toBe(200);
    expect(res.body.data?.status).toBe('accepted');
    expect((await readSessionState(h.store, session.id)).bookings.map((b) => b.userId)).toEqual([
      'line_Ustall-retried',
    ]);
  });

  it('a connection dropped on every try answers 503, not 500, and writes nothing', async () => {
    const { session, token } = await sessionAndPlayer('Ustall2');

    proxy.hangUpNext(2);
    const res = await join(token, session.id);

    expectBusy(res.res, res.body);
    expect((await readSessionState(h.store, session.id)).bookings).toEqual([]);
    expect((await join(token, session.id)).res.status).toBe(200);
  });

  it.each([
    ['throttling past the retry budget', 'throttle', 'TransactWriteItemsCommand'],
    ['a request timeout', 'timeout', 'TransactWriteItemsCommand'],
    ['a dropped connection', 'hangUp', 'GetItemCommand'],
    ['a 500 from DynamoDB', 'serverError', 'GetItemCommand'],
  ] as const)('%s answers a join 503 SERVICE_BUSY and writes nothing', async (_, fault, command) => {
    const { session, token } = await sessionAndPlayer(`Ufault-${fault}`);

    plan = (c) => (c === command ? fault : null);
    const res = await join(token, session.id);
    plan = () => null;

    expectBusy(res.res, res.body);
    const state = await readSessionState(h.store, session.id);
    expect(state.bookings).toEqual([]);
    expect(state.session.acceptedCount).toBe(0);
  });

  it("the booking engine's own give-up (BOOKING_FAILED, 503) also carries Retry-After", async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team);
    const token = await h.login('Ustall3');
    plan = (c) => (c === 'TransactWriteItemsCommand' ? 'conflict' : null);
    const res = await join(token, session.id);
    plan = () => null;
    expect([res.res.status, res.body.error]).toEqual([503, 'BOOKING_FAILED']);
    expect(Number(res.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(BUSY_RETRY_AFTER_SECONDS.min);
    expect((await readSessionState(h.store, session.id)).bookings).toEqual([]);
  });
});

describe('admin API', () => {
  it('a check-in and a settlement change while DynamoDB stalls answer 503 SERVICE_BUSY and change nothing', async () => {
    const owner = await h.adminWithTeam('stall-admin@example.com');
    const session = await h.newSession(owner.token, { startsInHours: 1 });
    const [player] = await h.players(1, 'stalladm');
    expect((await h.join(player!.token, session.id)).status).toBe(200);
    const before = await h.snapshot();

    proxy.stall();
    const sign = await adminPost(
      'signed/signed',
      { sessionId: session.id, userId: player!.userId, attendance: 'attended' },
      owner.token,
    );
    const settle = await adminPost('settlement/update', { sessionId: session.id, shuttlesUsed: 6 }, owner.token);
    await proxy.resume();

    expectBusy(sign.res, sign.body);
    expectBusy(settle.res, settle.body);
    expect(await h.snapshot()).toEqual(before);
  });

  it('throttling of an admin write past the retries answers 503 SERVICE_BUSY', async () => {
    const owner = await h.adminWithTeam('stall-admin2@example.com');
    const before = await h.snapshot();
    plan = (c) => (c === 'UpdateItemCommand' || c === 'TransactWriteItemsCommand' ? 'throttle' : null);
    const res = await adminPost('setting/updateDefault', { default_price: 250 }, owner.token);
    plan = () => null;
    expectBusy(res.res, res.body);
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('LINE webhook', () => {
  let counter = 0;
  const follow = (userId: string) => {
    counter += 1;
    return {
      type: 'follow',
      mode: 'active',
      timestamp: Date.now(),
      webhookEventId: `01HSTALL${String(counter).padStart(8, '0')}`,
      deliveryContext: { isRedelivery: false },
      replyToken: `stall-reply-${counter}`,
      source: { type: 'user', userId },
    };
  };
  const post = async (event: object) => {
    const body = JSON.stringify({ destination: 'Ubot', events: [event] });
    const res = await webhook.request(LINE_WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-line-signature': lineSignature(body, WEBHOOK_SECRET) },
      body,
    });
    return { res, body: (await res.json()) as { success: boolean; error?: string } };
  };

  it('answers 503 while DynamoDB stalls, so LINE redelivers; the redelivery acts once', async () => {
    const event = follow('Ustallhook1');
    proxy.stall();
    const stalled = await post(event);
    await proxy.resume();
    expectBusy(stalled.res, stalled.body);
    expect(stub.replies()).toHaveLength(0);

    expect((await post({ ...event, deliveryContext: { isRedelivery: true } })).res.status).toBe(200);
    expect((await post({ ...event, deliveryContext: { isRedelivery: true } })).res.status).toBe(200);
    expect(stub.replies()).toHaveLength(1);
  });

  /** Once the claim's lease has ended, two redeliveries are answered 200 and the event acts once. */
  async function redeliveredAfterLease(event: Parameters<typeof post>[0]) {
    h.clock.advance(61_000);
    try {
      expect((await post({ ...event, deliveryContext: { isRedelivery: true } })).res.status).toBe(200);
      expect((await post({ ...event, deliveryContext: { isRedelivery: true } })).res.status).toBe(200);
    } finally {
      h.clock.advance(-61_000);
    }
    expect(stub.replies()).toHaveLength(1);
  }

  it('a claim that timed out but reached DynamoDB late holds the event until its lease ends; then it acts once', async () => {
    const event = follow('Ustallhook4');
    proxy.stall();
    const stalled = await post(event);
    await proxy.resume({ landLate: true });
    expectBusy(stalled.res, stalled.body);

    // The late claim holds the event: a redelivery meanwhile is told to come back (nothing acts).
    const early = await post({ ...event, deliveryContext: { isRedelivery: true } });
    expectBusy(early.res, early.body);
    expect(stub.replies()).toHaveLength(0);

    await redeliveredAfterLease(event);
  });

  it('an event whose handling and release both failed is taken over once its lease ends, not lost', async () => {
    const event = follow('Ustallhook2');
    // The event is claimed, then the store stops answering: the languages read and the release fail.
    plan = (c) => (c === 'BatchGetItemCommand' || c === 'DeleteItemCommand' ? 'timeout' : null);
    const first = await post(event);
    plan = () => null;
    expectBusy(first.res, first.body);

    // A redelivery while the first delivery's lease runs: still busy, and nothing acts twice.
    const early = await post({ ...event, deliveryContext: { isRedelivery: true } });
    expectBusy(early.res, early.body);
    expect(stub.replies()).toHaveLength(0);

    await redeliveredAfterLease(event);
  });

  it('throttling past the retries answers 503 SERVICE_BUSY, then the redelivery acts once', async () => {
    const event = follow('Ustallhook3');
    plan = (c) => (c === 'PutItemCommand' ? 'throttle' : null);
    const res = await post(event);
    plan = () => null;
    expectBusy(res.res, res.body);
    expect((await post(event)).res.status).toBe(200);
    expect(stub.replies()).toHaveLength(1);
  });
});
