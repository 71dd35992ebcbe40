import { request as httpRequest } from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { lineServices } from '@shuttle/functions/app/line-services.ts';
import { createMemberApi } from '@shuttle/functions/app/member-api.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { lambdaAppDeps } from '@shuttle/functions/handlers/deps.ts';
import { createLineWebhook, LINE_WEBHOOK_PATH } from '@shuttle/functions/line/webhook.ts';
import type { APIGatewayProxyEventV2, APIGatewayProxyResult, Context as LambdaContext } from 'aws-lambda';
import { handle } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ADMIN_PASSWORD, type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { type ApiHarness, createApiHarness, TEST_NOW } from '../support/harness.ts';

/** functions/src/app/LIMITS.md: bodies over the limit get 413 before parsing; rate limits answer 429 with Retry-After. */

const KB = 1024;
/** Valid JSON of about `bytes` bytes: the call's fields plus padding. */
const padded = (fields: Record<string, unknown>, bytes: number) =>
  JSON.stringify({ ...fields, pad: 'x'.repeat(bytes) });

async function raw(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  init: RequestInit,
) {
  const res = await app.request(path, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const expectRefused = (res: { status: number; body: Record<string, unknown> }, status: number, error: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ success: false, error, message: expect.any(String), timestamp: expect.any(String) });
};

describe('body limits', () => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await createAdminHarness();
  });
  afterAll(() => h.close());

  it('a 100 KB join is refused with 413 and books nothing', async () => {
    const session = await h.putSession(await h.putTeam());
    const token = await h.login('Ubig', 'Big');
    const res = await h.call('checkState/sessionList/joinSession', undefined, {
      token,
      rawBody: padded({ sessionId: session.id }, 100 * KB),
    });
    expectRefused(res, 413, 'PAYLOAD_TOO_LARGE');
    const { Item } = await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.booking(session.id, 'line_Ubig') }),
    );
    expect(Item).toBeUndefined();
  });

  it('anonymous calls take at most 8 KB, whatever the call', async () => {
    expectRefused(
      await h.call('withoutAuth/getDetail', undefined, { rawBody: padded({ sessionId: 's-1' }, 8 * KB * KB) }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectRefused(
      await h.call('withoutAuth/getSessionList', undefined, { rawBody: padded({}, 9 * KB) }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect((await h.call('withoutAuth/getSessionList', undefined, { rawBody: padded({}, 7 * KB) })).status).toBe(200);
  });

  it('the admin API refuses a large body before checking the token', async () => {
    expectRefused(
      await h.adminCall('courtSession/getDetail', undefined, { rawBody: padded({}, 1024 * KB) }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectRefused(await h.adminCall('login', undefined, { rawBody: padded({}, 20 * KB) }), 413, 'PAYLOAD_TOO_LARGE');
    expectRefused(
      await h.adminCall('no/such/call', undefined, { rawBody: padded({}, 100 * KB) }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('a chunked body without Content-Length is cut off at the limit', async () => {
    const base = await h.listen();
    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>((done, fail) => {
      let sent = 0;
      const req = httpRequest(`${base}/api/withoutAuth/getDetail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text, sent }));
      });
      req.on('error', fail);
      const chunk = 'x'.repeat(16 * KB);
      const pump = () => {
        // Keep sending (up to 32 MB) until the server answers.
        while (sent < 32 * KB * KB && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      req.write('{"sessionId":"s-1","pad":"');
      pump();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
    expect(sent).toBeLessThan(32 * KB * KB);
  });

  it('the LINE webhook refuses a large body before checking its signature', async () => {
    const webhook = createLineWebhook({
      channelSecret: 'secret',
      line: null,
      ...lineServices({ store: h.store, clock: h.clock }),
      appUrl: 'https://x.test',
    });
    const res = await raw(webhook, LINE_WEBHOOK_PATH, {
      method: 'POST',
      body: padded({ destination: 'U', events: [] }, 100 * KB),
    });
    expectRefused(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('on the Lambda adapter, where API Gateway already buffered the body', async () => {
    const handler = handle(createMemberApi(h.deps));
    const res = (await handler(
      apiGatewayEvent('/api/withoutAuth/getDetail', padded({ sessionId: 's-1' }, 100 * KB)),
      lambdaContext,
    )) as APIGatewayProxyResult;
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
  });
});

const lambdaContext = {} as LambdaContext;
type LambdaEvent = Parameters<ReturnType<typeof handle>>[0];

function apiGatewayEvent(path: string, body: string, headers: Record<string, string> = {}, sourceIp = '130.176.1.1') {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', host: 'api.test', ...headers },
    requestContext: {
      accountId: '1',
      apiId: 'api',
      domainName: 'api.test',
      domainPrefix: 'api',
      http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp, userAgent: 'test' },
      requestId: 'r',
      routeKey: '$default',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    body,
    isBase64Encoded: false,
  } satisfies APIGatewayProxyEventV2 as unknown as LambdaEvent;
}

describe('rate limits', () => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await createAdminHarness({
      rateLimits: {
        enabled: true,
        buckets: {
          browse: { limit: 3 },
          loginByEmailAndAddress: { limit: 2 },
          memberWrite: { limit: 2 },
          memberRead: { limit: 3 },
          selfCheckIn: { limit: 2 },
        },
      },
    });
  });
  afterAll(() => h.close());

  const browse = (address: string) =>
    raw(h.app, '/api/withoutAuth/getSessionList', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: '{}',
    });

  it('the call past the limit gets 429, Retry-After and the envelope; other addresses and the next window go on', async () => {
    h.clock.set(TEST_NOW);
    h.clock.advance(10_000);
    for (let i = 0; i < 3; i++) expect((await browse('203.0.113.1')).status).toBe(200);
    const limited = await browse('203.0.113.1');
    expectRefused(limited, 429, 'RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBe('50');
    // The first entry of X-Forwarded-For is the client's own choice; the one the proxy appended counts.
    expect((await browse('198.51.100.99, 203.0.113.1')).status).toBe(429);
    expect((await browse('203.0.113.2')).status).toBe(200);
    h.clock.advance(50_000);
    expect((await browse('203.0.113.1')).status).toBe(200);
  });

  // By design (issue 18, item 4): logins count per email AND address, so strangers elsewhere cannot lock the owner out.
  it('counts logins to one email per address: other addresses, and the right password, go on', async () => {
    await h.adminSignup('limited@example.com');
    const login = (address: string, email = 'limited@example.com', password = 'wrong-password') =>
      raw(h.adminApp, '/api/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email, password }),
      });
    expect((await login('203.0.113.10')).status).toBe(401);
    expect((await login('203.0.113.10')).status).toBe(401);
    const limited = await login('203.0.113.10', 'LIMITED@example.com');
    expectRefused(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('203.0.113.10', 'other@example.com')).status).toBe(401);
    for (let i = 11; i < 22; i++) expect((await login(`203.0.113.${i}`)).status).toBe(401);
    expect((await login('198.51.100.200', 'limited@example.com', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const v6 = (address: string) =>
      raw(h.app, '/api/withoutAuth/getSessionList', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: '{}',
      });
    h.clock.set(TEST_NOW);
    for (let i = 1; i <= 3; i++) expect((await v6(`2001:db8:77:1::${i}`)).status).toBe(200);
    expectRefused(await v6('2001:db8:77:1:ffff:1234:5678:9abc'), 429, 'RATE_LIMITED');
    expect((await v6('2001:db8:77:2::1')).status).toBe(200);
    for (let i = 1; i <= 3; i++) expect((await browse('198.51.100.77')).status).toBe(200);
    expectRefused(await v6('::ffff:198.51.100.77'), 429, 'RATE_LIMITED');
  });

  it('counts signed-in reads per player: a flood of list, detail and participant reads gets 429', async () => {
    h.clock.set(TEST_NOW);
    const session = await h.putSession(await h.putTeam());
    const [a, b] = await h.players(2, 'reader');
    const reads = [
      ['checkState/sessionList/getSessionList', {}],
      ['checkState/sessionList/getDetail', { sessionId: session.id }],
      ['checkState/sessionList/getMemberList', { sessionId: session.id }],
    ] as const;
    for (const [path, body] of reads) expect((await h.call(path, body, { token: a!.token })).status).toBe(200);
    for (const [path, body] of reads) expectRefused(await h.call(path, body, { token: a!.token }), 429, 'RATE_LIMITED');
    expectRefused(await h.call('checkState/booked/getBooked', undefined, { token: a!.token }), 429, 'RATE_LIMITED');
    // Per player, not per address: another player from the same address reads on.
    expect(
      (await h.call('checkState/sessionList/getDetail', { sessionId: session.id }, { token: b!.token })).status,
    ).toBe(200);
  });

  it('counts member writes per player, not per address', async () => {
    const session = await h.putSession(await h.putTeam(), { capacity: 10 });
    const [a, b] = await h.players(2, 'limit');
    expect((await h.join(a!.token, session.id)).status).toBe(200);
    const cancel = await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: a!.token });
    expect(cancel.status).toBe(200);
    expectRefused(await h.join(a!.token, session.id), 429, 'RATE_LIMITED');
    expect((await h.join(b!.token, session.id)).status).toBe(200);
  });

  it('counts self check-in scans per player, wrong codes included (docs/ON-COURT.md, "Self check-in")', async () => {
    h.clock.set(TEST_NOW);
    const session = await h.putSession(await h.putTeam(), { capacity: 10 });
    const [a, b] = await h.players(2, 'scanner');
    for (const p of [a!, b!]) expect((await h.join(p.token, session.id)).status).toBe(200);
    const scan = (token: string) =>
      h.call('checkState/booked/selfCheckIn', { sessionId: session.id, code: 'x'.repeat(22) }, { token });
    for (let i = 0; i < 2; i++) expectRefused(await scan(a!.token), 403, 'SELF_CHECK_IN_CODE_INVALID');
    expectRefused(await scan(a!.token), 429, 'RATE_LIMITED');
    expectRefused(await scan(b!.token), 403, 'SELF_CHECK_IN_CODE_INVALID');
  });

  it('a client that keeps calling while limited costs no more DynamoDB calls', async () => {
    h.clock.set(TEST_NOW);
    for (let i = 0; i < 3; i++) await browse('203.0.113.50');
    expect((await browse('203.0.113.50')).status).toBe(429);
    const { commands } = await h.record(async () => {
      for (let i = 0; i < 5; i++) expect((await browse('203.0.113.50')).status).toBe(429);
    });
    expect(commands).toEqual([]);
  });
});

describe('rate limits off', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(() => h.close());

  it('never limit and write no counters', async () => {
    for (let i = 0; i < 130; i++) expect((await h.call('withoutAuth/getSessionList', {})).status).toBe(200);
    const { Item } = await h.store.doc.send(
      new GetCommand({
        TableName: h.store.tableName,
        Key: key.rateCounter('browse', 'ip:127.0.0.1', Date.parse(TEST_NOW) / 1000),
      }),
    );
    expect(Item).toBeUndefined();
  });
});

describe('rate limiter failure', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness({
      rateLimits: { enabled: true, buckets: { browse: { limit: 1 } } },
      wrapStore: (store) => {
        store.doc.middlewareStack.add(
          (next, context) => async (args) => {
            if (context.commandName === 'UpdateItemCommand')
              throw Object.assign(new Error('down'), { name: 'InternalServerError' });
            return next(args);
          },
          { step: 'initialize', name: 'failCounters' },
        );
      },
    });
  });
  afterAll(() => h.close());

  it('lets calls through and logs a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let i = 0; i < 3; i++) expect((await h.call('withoutAuth/getSessionList', {})).status).toBe(200);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('let through'), 'InternalServerError');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('rate limits on Lambda', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(() => h.close());

  it('are on by default and count the address CloudFront appended, not the first hop', async () => {
    const deps = await lambdaAppDeps({
      JWT_SECRET: 'x'.repeat(32),
      LINE_LOGIN_CHANNEL_ID: '1',
      GOOGLE_CLIENT_ID: 'g',
      TABLE_NAME: h.store.tableName,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    });
    const handler = handle(createMemberApi(deps));
    const event = apiGatewayEvent('/api/withoutAuth/getSessionList', '{}', {
      'x-forwarded-for': '6.6.6.6, 203.0.113.77, 130.176.1.1',
    });
    const res = (await handler(event, lambdaContext)) as APIGatewayProxyResult;
    expect(res.statusCode).toBe(200);
    const counted = async (client: string) => {
      const items = await Promise.all(
        // This window and the one before, in case a minute turned since the call.
        [0, 60].map(async (back) => {
          const windowStart = Math.floor(Date.now() / 60_000) * 60 - back;
          const Key = key.rateCounter('browse', client, windowStart);
          return (await h.store.doc.send(new GetCommand({ TableName: h.store.tableName, Key, ConsistentRead: true })))
            .Item;
        }),
      );
      return items.filter(Boolean);
    };
    expect(await counted('ip:203.0.113.77')).toEqual([expect.objectContaining({ count: 1 })]);
    expect(await counted('ip:6.6.6.6')).toEqual([]);
    expect(await counted('ip:130.176.1.1')).toEqual([]);
    // Without X-Forwarded-For (API Gateway called directly) the event's sourceIp is the client.
    const direct = apiGatewayEvent('/api/withoutAuth/getSessionList', '{}', {}, '198.51.100.5');
    expect(((await handler(direct, lambdaContext)) as APIGatewayProxyResult).statusCode).toBe(200);
    expect(await counted('ip:198.51.100.5')).toEqual([expect.objectContaining({ count: 1 })]);
    deps.store.doc.destroy();
  });
});
