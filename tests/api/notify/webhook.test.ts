import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import { lineSignature } from '@shuttle/functions/line/signature.ts';
import { LINE_WEBHOOK_PATH } from '@shuttle/functions/line/webhook.ts';
import { translate } from '@shuttle/shared/i18n';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../../support/harness.ts';
import { player } from './fixtures.ts';
import type { LineApiStub } from './line-api-stub.ts';
import { startWebhook, WEBHOOK_LIFF, WEBHOOK_SECRET } from './webhook-fixture.ts';

const SECRET = WEBHOOK_SECRET;
const LIFF = WEBHOOK_LIFF;

let h: ApiHarness;
let stub: LineApiStub;
let webhook: Hono;

beforeAll(async () => {
  h = await createApiHarness();
  ({ stub, webhook } = await startWebhook(h));
});
afterAll(async () => {
  await stub.close();
  await h.close();
});
beforeEach(() => stub.reset());

let eventCounter = 0;
function event(type: 'follow' | 'message', userId: string, extra: Record<string, unknown> = {}) {
  eventCounter += 1;
  return {
    type,
    mode: 'active',
    timestamp: Date.now(),
    webhookEventId: `01HWEBHOOK${String(eventCounter).padStart(6, '0')}`,
    deliveryContext: { isRedelivery: false },
    replyToken: `reply-token-${eventCounter}`,
    source: { type: 'user', userId },
    ...(type === 'message' ? { message: { id: String(eventCounter), type: 'text', text: '你好' } } : {}),
    ...extra,
  };
}

function post(body: string, signature: string | null = lineSignature(body, SECRET)) {
  return webhook.request(LINE_WEBHOOK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-line-signature': signature }) },
    body,
  });
}

const payload = (...events: object[]) => JSON.stringify({ destination: 'Ubot', events });
const replies = () => stub.replies().map((r) => r.body as { replyToken: string; messages: { text: string }[] });

describe('LINE webhook', () => {
  it('welcomes a new follower in Traditional Chinese with the LIFF link', async () => {
    const follow = event('follow', 'Unewfriend');

    const res = await post(payload(follow));

    expect(res.status).toBe(200);
    expect(replies()).toEqual([
      {
        replyToken: follow.replyToken,
        messages: [{ type: 'text', text: translate('zh-TW', 'notifications', 'line.welcome', { link: LIFF }) }],
      },
    ]);
  });

  it('answers the help command, in the language a known player chose, and nothing else', async () => {
    const userId = await player(h, 'Uknown', { language: 'es' });
    expect(userId).toBe('line_Uknown');
    const help = event('message', 'Uknown', { message: { id: 'm1', type: 'text', text: '  HELP ' } });

    await post(payload(event('message', 'Uknown'), help));

    expect(replies()).toEqual([
      {
        replyToken: help.replyToken,
        messages: [{ type: 'text', text: translate('es', 'notifications', 'line.help', { link: LIFF }) }],
      },
    ]);
  });

  it('refuses a body whose signature does not match, before acting on it', async () => {
    const follow = event('follow', 'Uforged');
    const body = payload(follow);
    const tampered = body.replace('Uforged', 'UforgeX');

    expect((await post(tampered, lineSignature(body, SECRET))).status).toBe(401);
    expect((await post(body, lineSignature(body, 'another-secret'))).status).toBe(401);
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, 'not base64 at all')).status).toBe(401);

    expect(stub.requests).toHaveLength(0);
    const { Item } = await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.lineWebhookEvent(follow.webhookEventId) }),
    );
    expect(Item).toBeUndefined();
  });

  it('acts once on an event LINE redelivers', async () => {
    const follow = event('follow', 'Uredelivered');

    const first = await post(payload(follow));
    const again = await post(payload({ ...follow, deliveryContext: { isRedelivery: true } }));
    const concurrent = await Promise.all([post(payload(follow)), post(payload(follow))]);

    expect([first.status, again.status, ...concurrent.map((r) => r.status)]).toEqual([200, 200, 200, 200]);
    expect(replies()).toHaveLength(1);
    const { Item } = await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.lineWebhookEvent(follow.webhookEventId) }),
    );
    expect(Item?.ttl).toBeGreaterThan(Date.parse(h.clock.now().toISOString()) / 1000);
  });

  it('lets LINE redeliver an event whose reply failed for a passing reason', async () => {
    const follow = event('follow', 'Uunlucky');
    stub.failNext(500);

    expect((await post(payload(follow))).status).toBe(500);
    expect((await post(payload(follow))).status).toBe(200);
    expect(replies()).toHaveLength(2);
  });

  it('accepts the console verification call (no events) and ignores events it has no use for', async () => {
    expect((await post(payload())).status).toBe(200);
    expect((await post(payload(event('follow', 'Ux', { type: 'unfollow', replyToken: undefined })))).status).toBe(200);
    expect(stub.requests).toHaveLength(0);
  });

  it('answers 400 to a signed body that is not a webhook payload', async () => {
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ events: 'none' }))).status).toBe(400);
  });
});
