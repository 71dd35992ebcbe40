import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminApi } from '@shuttle/functions/app/admin-api.ts';
import { ROUTE_GROUPS } from '@shuttle/functions/app/route-groups.ts';
import { createDevIdentityProvider, devIdpIssuers, devIdpJwks } from '@shuttle/functions/local/dev-idp.ts';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { LOCAL_GOOGLE_CLIENT_ID, LOCAL_LINE_CHANNEL_ID } from '@shuttle/functions/local/server.ts';
import type { APIGatewayProxyEventV2, APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lambdaBundles } from '../support/bundles.ts';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';

type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyResult>;

/**
 * The member and admin API functions as deployed, one per route group (functions/src/app/
 * route-groups.ts): each handler bundled with the stack's options, from the run's shared build
 * (tests/support/bundles.ts; infra/lib/bundling.ts: the official SDK clients, with stand-ins only
 * for the SDK's event-stream, hash and cache modules; docs/DEPLOY.md "Bundles"), loaded with a Lambda environment pointed at
 * DynamoDB Local and a local identity provider, and called with API Gateway events. They answer as
 * the unbundled apps the other API tests drive.
 */
describe('the bundled API functions', () => {
  let h: ApiHarness;
  /** Every route group's function by handler name; `member` and `admin` are the catch-all groups. */
  const fns: Record<string, Handler> = {};
  let member: Handler;
  let memberAuth: Handler;
  let admin: Handler;
  let adminAccounts: Handler;
  let idp: Awaited<ReturnType<typeof createDevIdentityProvider>>;
  let idpServer: Server;
  /** Stands where SES v2 is (`AWS_ENDPOINT_URL_SESV2`): records each request, answers as SES does. */
  let sesServer: Server;
  let sesEndpoint: string;
  const sesRequests: { method: string; url: string; authorization: string; body: string }[] = [];
  let sesRefuses = false;

  beforeAll(async () => {
    h = await createApiHarness();
    const idpListening = await listenFirst('127.0.0.1');
    idpServer = idpListening.server;
    const origin = `http://127.0.0.1:${idpListening.port}`;
    idp = await createDevIdentityProvider({
      origin,
      lineChannelId: LOCAL_LINE_CHANNEL_ID,
      googleClientId: LOCAL_GOOGLE_CLIENT_ID,
    });
    idpListening.handle(idp.app.fetch);
    sesServer = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        sesRequests.push({
          method: req.method!,
          url: req.url!,
          authorization: String(req.headers.authorization),
          body,
        });
        if (sesRefuses) {
          res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
          res.end(JSON.stringify({ message: 'Email address is not verified.' }));
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ MessageId: `m-${sesRequests.length}` }));
        }
      });
    });
    await new Promise<void>((resolve) => sesServer.listen(0, '127.0.0.1', resolve));
    sesEndpoint = `http://127.0.0.1:${(sesServer.address() as AddressInfo).port}`;
    const env = {
      AWS_REGION: 'ap-northeast-1',
      TABLE_NAME: h.store.tableName,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
      JWT_SECRET: 'bundle-secret-0123456789abcdef0123456789',
      LINE_LOGIN_CHANNEL_ID: LOCAL_LINE_CHANNEL_ID,
      LINE_JWKS_URL: devIdpJwks(origin).line,
      LINE_ISSUER: devIdpIssuers(origin).line,
      GOOGLE_CLIENT_ID: LOCAL_GOOGLE_CLIENT_ID,
      SHUTTLE_RATE_LIMITS: 'off',
      SES_CONFIGURATION_SET: 'shuttle-bundle-test',
    };
    // The bundles sit inside node_modules: Powertools stays external (its Lambda layer on AWS) and resolves from there.
    const bundles = await lambdaBundles();
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      // Dependencies are built at import (cold start), from the environment set above.
      const load = async (name: string): Promise<Handler> =>
        ((await import(bundles[name]!.file)) as { handler: Handler }).handler;
      for (const group of ROUTE_GROUPS) fns[group.handler] = await load(group.handler);
      member = fns['member-api']!;
      memberAuth = fns['member-auth-api']!;
      admin = fns['admin-api']!;
      adminAccounts = fns['admin-accounts-api']!;
    } finally {
      for (const k of Object.keys(env)) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  }, 240_000);

  afterAll(async () => {
    await h.close();
    await new Promise((r) => idpServer.close(r));
    await new Promise((r) => sesServer.close(r));
  });

  const event = (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) =>
    ({
      version: '2.0',
      routeKey: '$default',
      rawPath: path,
      rawQueryString: '',
      headers: { 'content-type': 'application/json', host: 'api.test', 'x-forwarded-for': '203.0.113.9', ...headers },
      requestContext: {
        accountId: '1',
        apiId: 'api',
        domainName: 'api.test',
        domainPrefix: 'api',
        http: { method, path, protocol: 'HTTP/1.1', sourceIp: '130.176.1.1', userAgent: 'test' },
        requestId: 'r',
        routeKey: '$default',
        stage: '$default',
        time: '',
        timeEpoch: 0,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      isBase64Encoded: false,
    }) satisfies APIGatewayProxyEventV2;

  const call = async (fn: Handler, method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
    const res = await fn(event(method, path, body, token ? { authorization: `Bearer ${token}` } : {}), {});
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  it('serve the share page and its image from the share group, drawn with the WebAssembly and fonts beside the bundle', async () => {
    const team = await h.putTeam({ name: '分享隊' });
    const session = await h.putSession(team, { title: '分享場 <b>' });
    const share = fns['member-share-api']!;
    const page = await share(event('GET', `/api/share/${session.id}`), {});
    expect(page.statusCode).toBe(200);
    expect(page.headers?.['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta property="og:title" content="分享場 &lt;b&gt;">');
    const imageUrl = /<meta property="og:image" content="([^"]+)">/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
    expect(imageUrl).toMatch(new RegExp(`/api/share/${session.id}/card\\.png\\?lang=zh-TW$`));
    // The image's path as the page names it, as API Gateway passes it (query string apart).
    const { pathname, search } = new URL(imageUrl!);
    const image = await share({ ...event('GET', pathname), rawQueryString: search.slice(1) }, {});
    expect(image.statusCode).toBe(200);
    expect(image.headers?.['content-type']).toBe('image/png');
    expect(image.headers?.['cache-control']).toBe('public, max-age=300');
    expect(image.isBase64Encoded).toBe(true);
    const png = Buffer.from(image.body, 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: width and height, big-endian, after the signature and the chunk's length and type.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    // A team-only session has neither page nor image.
    const hidden = await h.putSession(team, { isPublic: false });
    expect((await share(event('GET', `/api/share/${hidden.id}/card.png`), {})).statusCode).toBe(404);
    // The catch-all group does not serve it.
    expect((await fns['member-api']!(event('GET', `/api/share/${session.id}`), {})).statusCode).toBe(404);
  }, 60_000);

  it('serve the same OpenAPI documents as the unbundled apps', async () => {
    const bundledMember = await call(fns['member-share-api']!, 'GET', '/api/openapi.json');
    const unbundledMember = await (await h.app.request('/api/openapi.json')).json();
    expect(bundledMember.status).toBe(200);
    expect(bundledMember.body).toEqual(unbundledMember);
    const adminApp = createAdminApi(h.deps);
    const bundledAdmin = await call(fns['admin-openapi-api']!, 'GET', '/api/admin/openapi.json');
    expect(bundledAdmin.status).toBe(200);
    expect(bundledAdmin.body).toEqual(await (await adminApp.request('/api/admin/openapi.json')).json());
    // The groups that serve calls carry no document (their bundles hold only their own contracts).
    expect((await call(admin, 'GET', '/api/admin/openapi.json')).status).toBe(404);
    expect((await call(member, 'GET', '/api/openapi.json')).status).toBe(404);
  });

  it('read DynamoDB and sign players in with a LINE ID token, as on AWS', async () => {
    const list = await call(member, 'POST', '/api/withoutAuth/getSessionList', {});
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true });
    const idToken = await idp.issue({ sub: 'U-bundled', name: 'Bundled Player', provider: 'line' });
    const login = await call(memberAuth, 'POST', '/api/loginLine', { idToken });
    expect(login.status).toBe(200);
    const token = (login.body.data as { token: string }).token;
    const status = await call(memberAuth, 'GET', '/api/checkState/email/emailStatus', undefined, token);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ success: true, data: { email: null, verified: false } });
    // A forged token is refused with the same envelope as the unbundled app's.
    const forged = await call(memberAuth, 'GET', '/api/checkState/email/emailStatus', undefined, `${token}x`);
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ success: false, error: 'INVALID_TOKEN' });
  });

  it('each serve their own group’s calls with one sign-in, and leave the others’ to their functions', async () => {
    const idToken = await idp.issue({ sub: 'U-bundled-groups', name: 'Group Player', provider: 'line' });
    const login = await call(memberAuth, 'POST', '/api/loginLine', { idToken });
    expect(login.status).toBe(200);
    const token = (login.body.data as { token: string }).token;
    // The member token from the sign-in group works in the catch-all group's booking calls.
    const booked = await call(member, 'GET', '/api/checkState/booked/getBooked', undefined, token);
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ success: true });
    expect((await call(member, 'POST', '/api/loginLine', { idToken })).status).toBe(404);
    // An admin signs up in the accounts group; that token is accepted by every other admin group.
    const signup = await call(adminAccounts, 'POST', '/api/admin/signup', {
      email: 'groups@example.tw',
      password: 'a-long-password-1',
      displayName: 'Groups',
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const adminToken = (signup.body.data as { token: string }).token;
    const served: [string, 'GET' | 'POST', string][] = [
      ['admin-teams-api', 'POST', '/api/admin/setting/getTeamListByUser'],
      ['admin-money-api', 'POST', '/api/admin/board/getBoard'],
      ['admin-api', 'POST', '/api/admin/courtSession/upcommingSessions'],
    ];
    for (const [handler, method, path] of served) {
      const res = await call(fns[handler]!, method, path, {}, adminToken);
      expect(res.status, `${handler} ${path}`).not.toBe(404);
      expect(res.status, `${handler} ${path}`).not.toBe(401);
      expect(res.status, `${handler} ${path}`).toBeLessThan(500);
      // No other admin group answers it.
      for (const other of ROUTE_GROUPS.filter((g) => g.api === 'admin' && g.handler !== handler)) {
        expect((await call(fns[other.handler]!, method, path, {}, adminToken)).status, other.handler).toBe(404);
      }
    }
  });

  it('answer bad input, unknown paths and failed logins as the unbundled apps do', async () => {
    const bad = await call(member, 'POST', '/api/withoutAuth/getSessionList', { sort: 'sideways' });
    const badUnbundled = await h.call('withoutAuth/getSessionList', { sort: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.status).toBe(badUnbundled.status);
    const { timestamp: _a, ...badBody } = bad.body;
    const { timestamp: _b, ...badUnbundledBody } = badUnbundled.body as unknown as Record<string, unknown>;
    expect(badBody).toEqual(badUnbundledBody);
    // Paths match exactly, as with Hono's default router: no trailing-slash variant.
    for (const path of ['/api/withoutAuth/getSessionList/', '/api/nowhere']) {
      const res = await call(member, 'POST', path, {});
      expect(res.status, path).toBe((await h.app.request(path, { method: 'POST', body: '{}' })).status);
      expect(res.status, path).toBe(404);
    }
    const login = await call(adminAccounts, 'POST', '/api/admin/login', {
      email: 'nobody@example.tw',
      password: 'wrong-password-1',
    });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ success: false, error: 'ADMIN_LOGIN_FAILED' });
  });
  it('e-mail a verification code through the official SES v2 client, and verify it', async () => {
    const idToken = await idp.issue({ sub: 'U-bundled-mail', name: 'Mail Player', provider: 'line' });
    const token = ((await call(memberAuth, 'POST', '/api/loginLine', { idToken })).body.data as { token: string })
      .token;
    // Lambda's role credentials and an SES endpoint, as the SDK reads them from the environment.
    const lambdaEnv = {
      AWS_ENDPOINT_URL_SESV2: sesEndpoint,
      AWS_ACCESS_KEY_ID: 'AKIDLAMBDA',
      AWS_SECRET_ACCESS_KEY: 'lambda-secret',
      AWS_SESSION_TOKEN: 'lambda-token',
    };
    const saved = { ...process.env };
    Object.assign(process.env, lambdaEnv);
    try {
      sesRequests.length = 0;
      const sent = await call(
        memberAuth,
        'POST',
        '/api/checkState/email/sendCode',
        { email: 'mail@example.tw' },
        token,
      );
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ success: true, data: { pendingEmail: 'mail@example.tw' } });
      expect(sesRequests).toHaveLength(1);
      const [request] = sesRequests as [(typeof sesRequests)[0]];
      expect([request.method, request.url]).toEqual(['POST', '/v2/email/outbound-emails']);
      expect(request.authorization).toMatch(/Credential=AKIDLAMBDA\/\d{8}\/ap-northeast-1\/ses\/aws4_request/);
      const email = JSON.parse(request.body) as {
        FromEmailAddress: string;
        ConfigurationSetName: string;
        Destination: { ToAddresses: string[] };
        Content: { Simple: { Subject: { Data: string }; Body: { Text: { Data: string } } } };
      };
      expect(email).toMatchObject({
        FromEmailAddress: 'no-reply@shuttle.tw',
        ConfigurationSetName: 'shuttle-bundle-test',
        Destination: { ToAddresses: ['mail@example.tw'] },
      });
      const code = /\b(\d{6})\b/.exec(email.Content.Simple.Body.Text.Data)![1]!;
      expect(email.Content.Simple.Subject.Data).toContain(code);
      const verified = await call(memberAuth, 'POST', '/api/checkState/email/verifyCode', { code }, token);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ success: true, data: { email: 'mail@example.tw', verified: true } });

      // SES refusing the message reaches the player as a failed send, and no code is kept.
      const other = await idp.issue({ sub: 'U-bundled-refused', name: 'Refused', provider: 'line' });
      const otherToken = (
        (await call(memberAuth, 'POST', '/api/loginLine', { idToken: other })).body.data as { token: string }
      ).token;
      sesRefuses = true;
      const refused = await call(
        memberAuth,
        'POST',
        '/api/checkState/email/sendCode',
        { email: 'no@example.tw' },
        otherToken,
      );
      expect(refused.body).toMatchObject({ success: false, error: 'CODE_SEND_FAILED' });
      expect(sesRequests).toHaveLength(2);
      // With no code kept there is no resend cooldown: asking again at once sends again.
      sesRefuses = false;
      const again = await call(
        memberAuth,
        'POST',
        '/api/checkState/email/sendCode',
        { email: 'no@example.tw' },
        otherToken,
      );
      expect(again.body).toMatchObject({ success: true, data: { pendingEmail: 'no@example.tw' } });
      expect(sesRequests).toHaveLength(3);
    } finally {
      sesRefuses = false;
      for (const k of Object.keys(lambdaEnv)) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
});
