import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { index, key } from '@shuttle/functions/db/keys.ts';
import type { CapturedLineRequest } from '@shuttle/functions/local/captures.ts';
import { type LocalStack, startLocalStack } from '@shuttle/functions/local/server.ts';
import { newOutboxItem } from '@shuttle/functions/outbox/model.ts';
import { OutboxRepository } from '@shuttle/functions/outbox/repository.ts';
import { FixedClock, randomId } from '@shuttle/functions/platform/clock.ts';
import { newSessionItem } from '@shuttle/functions/sessions/factory.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_NOW } from '../support/harness.ts';

/**
 * The local product as `SHUTTLE_MINI_APP=on npm start` runs it, and as plain `npm start`, checked
 * from outside over HTTP: a waitlisted player who handed over a LIFF access token is told of the
 * promotion by a service message, a used-up token's next notice is a push, and with the mode off
 * every LINE request is as before it existed (docs/LINE.md, "LINE MINI App mode").
 */

const stacks: LocalStack[] = [];
async function stack(miniApp: boolean): Promise<LocalStack> {
  const started = await startLocalStack({
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: `test_${randomUUID().slice(0, 12)}`,
    clock: new FixedClock(new Date(TEST_NOW)),
    miniApp,
    quiet: true,
  });
  stacks.push(started);
  return started;
}
let on: LocalStack;
let off: LocalStack;
beforeAll(async () => {
  [on, off] = await Promise.all([stack(true), stack(false)]);
});
afterAll(() => Promise.all(stacks.map((s) => s.close())));

async function post<T>(s: LocalStack, path: string, body: unknown, token?: string) {
  const res = await fetch(`${s.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: T; error?: string } };
}
async function get<T>(s: LocalStack, path: string): Promise<T> {
  return (await (await fetch(`${s.origin}${path}`)).json()) as T;
}

let serial = 0;
async function signIn(s: LocalStack, prefix: string) {
  const sub = `U${prefix}${String(++serial).padStart(6, '0')}`;
  const idToken = await s.issueIdToken({ sub, name: `Player ${sub}`, provider: 'line' });
  const login = await post<{ token: string }>(s, '/api/loginLine', { idToken });
  return { sub, token: login.body.data!.token, userId: `line_${sub}` };
}

/** A session of one place two days ahead, written as the admin app would. */
async function oneplaceSession(s: LocalStack) {
  const teamId = `team-${randomUUID().slice(0, 8)}`;
  const now = s.clock.now();
  await s.store.doc.send(
    new PutCommand({
      TableName: s.store.tableName,
      Item: {
        ...key.team(teamId),
        ...index.teamsByName('測試羽球隊', teamId),
        // A whole team item, as the codecs read it (functions/src/db/codecs/teams.ts).
        type: 'team',
        id: teamId,
        name: '測試羽球隊',
        defaultRegion: '台北市',
        defaultPlaceName: '大安運動中心',
        defaultLocation: '台北市大安區',
        defaultPrice: 200,
        defaultLine: '',
        privateRules: '',
        cancelWindowMinutes: 120,
        memberCount: 0,
        createdAt: now.toISOString(),
      },
    }),
  );
  const startsAt = new Date(now.getTime() + 48 * 3_600_000).toISOString();
  const item = newSessionItem(
    {
      id: `s-${randomUUID().slice(0, 12)}`,
      teamId,
      teamName: '測試羽球隊',
      title: '週四晚場',
      venue: '大安運動中心',
      address: '台北市大安區',
      region: '台北市',
      categories: ['casual'],
      courts: 1,
      capacity: 1,
      price: 200,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
      signupOpensAt: new Date(now.getTime() - 86_400_000).toISOString(),
      isPublic: true,
      createdBy: 'test',
    },
    now,
  );
  await s.store.doc.send(new PutCommand({ TableName: s.store.tableName, Item: item }));
  return item;
}

/** Waits for the local notifier (a poller every 500 ms) to have sent what `done` looks for. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const requests = (s: LocalStack) => get<CapturedLineRequest[]>(s, '/dev/line-pushes');
const pushesTo = (all: CapturedLineRequest[], sub: string) =>
  all.filter((r) => r.path === '/v2/bot/message/push' && (r.body as { to?: string }).to === sub);
const servicesSent = (all: CapturedLineRequest[]) =>
  all.filter((r) => r.path === '/message/v3/notifier/send' && r.query === 'target=service');

/** A full session where `waiting` waits, handed over a LIFF token (mode on) or tried to; the holder cancels. */
async function promotion(s: LocalStack) {
  const session = await oneplaceSession(s);
  const holder = await signIn(s, 'hold');
  const waiting = await signIn(s, 'wait');
  const joinAs = (token: string) =>
    post<{ status: string }>(s, '/api/checkState/sessionList/joinSession', { sessionId: session.id }, token);
  expect((await joinAs(holder.token)).body.data?.status).toBe('accepted');
  expect((await joinAs(waiting.token)).body.data?.status).toBe('waiting');
  const liff = await post<never>(s, '/dev/liff-access-token', { sub: waiting.sub });
  const { liffAccessToken } = liff.body as unknown as { liffAccessToken: string };
  const handOver = await post<{ remainingCount: number }>(
    s,
    '/api/checkState/notify/serviceToken',
    { sessionId: session.id, liffAccessToken },
    waiting.token,
  );
  const cancel = await post(s, '/api/checkState/booked/cancelBooked', { sessionId: session.id }, holder.token);
  expect(cancel.status).toBe(200);
  return { session, waiting, handOver };
}

describe('SHUTTLE_MINI_APP=on', () => {
  it('tells a promoted waitlisted player by a service message promoted_zh-TW, and pushes nothing to them', async () => {
    const { session, waiting, handOver } = await promotion(on);
    expect(handOver.status).toBe(200);
    expect(handOver.body.data?.remainingCount).toBe(5);
    const all = await until(
      () => requests(on),
      (r) => servicesSent(r).length > 0,
    );
    const [send] = servicesSent(all);
    expect(send?.body).toMatchObject({
      templateName: 'promoted_zh-TW',
      params: { session: '週四晚場', btn1_url: `https://miniapp.line.me/local-liff-id/session?id=${session.id}` },
    });
    expect(pushesTo(all, waiting.sub)).toHaveLength(0);
    const delivered = await get<{ to: string; templateName: string }[]>(on, '/dev/service-messages');
    expect(delivered).toContainEqual(expect.objectContaining({ to: waiting.sub, templateName: 'promoted_zh-TW' }));
  });

  it("once a booking's token is used up, the next notice is a push", async () => {
    const { session, waiting } = await promotion(on);
    const mine = (all: CapturedLineRequest[]) =>
      servicesSent(all).filter((q) =>
        (q.body as { params: { btn1_url: string } }).params.btn1_url.endsWith(session.id),
      );
    const outbox = new OutboxRepository(on.store);
    const notice = () =>
      outbox.putIfAbsent(
        newOutboxItem({
          id: randomId(),
          kind: 'bookingReminder',
          userId: waiting.userId,
          sessionId: session.id,
          now: on.clock.now(),
        }),
      );
    // The promotion and four more notices of the same booking use the token's five sends.
    for (let i = 0; i < 4; i++) await notice();
    expect(
      mine(
        await until(
          () => requests(on),
          (r) => mine(r).length === 5,
        ),
      ),
    ).toHaveLength(5);
    expect(pushesTo(await requests(on), waiting.sub)).toHaveLength(0);
    await notice();
    const all = await until(
      () => requests(on),
      (r) => pushesTo(r, waiting.sub).length > 0,
    );
    expect(pushesTo(all, waiting.sub)).toHaveLength(1);
    expect(mine(all)).toHaveLength(5);
  });

  it('serves the member app its mode and opens LINE links as MINI App permanent links', async () => {
    const config = await get<{ miniApp?: boolean }>(on, '/app-config.json');
    expect(config.miniApp).toBe(true);
  });
});

describe('SHUTTLE_MINI_APP off (the default)', () => {
  it('refuses a hand-over and tells the promoted player by the same push as before, with the LIFF link', async () => {
    const { session, waiting, handOver } = await promotion(off);
    expect(handOver.status).toBe(409);
    expect(handOver.body.error).toBe('MINI_APP_OFF');
    const all = await until(
      () => requests(off),
      (r) => pushesTo(r, waiting.sub).length > 0,
    );
    const [push] = pushesTo(all, waiting.sub);
    expect(JSON.stringify(push?.body)).toContain(`https://liff.line.me/local-liff-id/session?id=${session.id}`);
    expect(JSON.stringify(all)).not.toContain('miniapp.line.me');
    // No call of LINE's MINI App APIs at all: every request is one the product made before the mode existed.
    expect(all.filter((r) => /^\/(message\/v3|oauth2|v2\/profile)/.test(r.path))).toEqual([]);
    const config = await get<{ miniApp?: boolean }>(off, '/app-config.json');
    expect(config.miniApp).toBeUndefined();
  });
});
