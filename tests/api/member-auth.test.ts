import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import { LOCAL_GOOGLE_CLIENT_ID, LOCAL_LINE_CHANNEL_ID } from '@shuttle/functions/local/server.ts';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(() => h.close());

describe('loginLine', () => {
  it('creates the player from a LINE ID token and returns a member token', async () => {
    const idToken = await h.idp.issue({ sub: 'Uline1', name: '林小華', provider: 'line', picture: 'https://p/1.png' });
    const res = await h.call<{ token: string; user: Record<string, unknown> }>('loginLine', { idToken });
    expect(res.status).toBe(200);
    expect(res.body.data!.user).toMatchObject({
      userId: '',
      displayName: '林小華',
      pictureUrl: 'https://p/1.png',
      provider: 'line',
      isAdmin: false,
    });
    const stored = await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.user('line_Uline1') }),
    );
    expect(stored.Item).toMatchObject({ name: '林小華', provider: 'line', providerSub: 'Uline1' });

    const me = await h.call('checkState/checkAuth', undefined, { token: res.body.data!.token });
    expect(me.body.data).toMatchObject({ displayName: '林小華', pictureUrl: 'https://p/1.png', userId: '' });
  });

  it('updates the name on a later login instead of creating another player', async () => {
    await h.call('loginLine', { idToken: await h.idp.issue({ sub: 'Uline2', name: 'Old', provider: 'line' }) });
    const res = await h.call<{ user: { displayName: string } }>('loginLine', {
      idToken: await h.idp.issue({ sub: 'Uline2', name: 'New', provider: 'line' }),
    });
    expect(res.body.data!.user.displayName).toBe('New');
  });

  it.each([
    ['a wrong audience', { audience: 'another-channel' }],
    ['a wrong issuer', { issuer: 'https://evil.example' }],
    ['an expired token', { expiresInSeconds: -120 }],
  ])('refuses %s', async (_, knobs) => {
    const idToken = await h.idp.issue({ sub: 'Ubad', name: 'Bad', provider: 'line', ...knobs });
    const res = await h.call('loginLine', { idToken });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'LOGIN_FAILED' });
    const stored = await h.store.doc.send(new GetCommand({ TableName: h.store.tableName, Key: key.user('line_Ubad') }));
    expect(stored.Item).toBeUndefined();
  });

  it('refuses a Google-signed (RS256) token: LINE tokens must be ES256', async () => {
    const idToken = await h.idp.issue({
      sub: 'Ubad',
      name: 'Bad',
      provider: 'google',
      audience: LOCAL_LINE_CHANNEL_ID,
    });
    expect((await h.call('loginLine', { idToken })).status).toBe(401);
  });

  it('refuses a token signed by a key that is not in the JWKS, and a tampered one', async () => {
    const rogue = await generateKeyPair('ES256');
    const forged = await new SignJWT({ name: 'Rogue' })
      .setProtectedHeader({ alg: 'ES256', kid: 'dev-line-1' })
      .setSubject('Urogue')
      .setAudience(LOCAL_LINE_CHANNEL_ID)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(rogue.privateKey);
    expect((await h.call('loginLine', { idToken: forged })).status).toBe(401);

    const good = await h.idp.issue({ sub: 'Utamper', name: 'T', provider: 'line' });
    const [head, body, sig] = good.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...payload, sub: 'Uvictim' })).toString('base64url')}.${sig}`;
    expect((await h.call('loginLine', { idToken: tampered })).status).toBe(401);
  });

  it("refuses an unsigned token ('alg: none')", async () => {
    const payload = Buffer.from(
      JSON.stringify({ sub: 'Unone', aud: LOCAL_LINE_CHANNEL_ID, exp: 9999999999, iat: 1 }),
    ).toString('base64url');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await h.call('loginLine', { idToken: unsigned })).status).toBe(401);
  });

  it('rejects a missing or malformed body with the 400 envelope', async () => {
    const missing = await h.call('loginLine', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    expect(typeof missing.body.timestamp).toBe('string');
    const broken = await h.call('loginLine', undefined, { rawBody: '{not json', method: 'POST' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toContain('not valid JSON');
  });
});

describe('loginGoogle', () => {
  it('accepts a Google ID token and keeps Google players apart from LINE players', async () => {
    const idToken = await h.idp.issue({ sub: '1234567890', name: 'Gina', provider: 'google' });
    const res = await h.call<{ user: { provider: string } }>('loginGoogle', { idToken });
    expect(res.status).toBe(200);
    expect(res.body.data!.user.provider).toBe('google');
    const stored = await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.user('google_1234567890') }),
    );
    expect(stored.Item).toBeDefined();
  });

  it('refuses LINE tokens, wrong audiences and expired tokens', async () => {
    const line = await h.idp.issue({ sub: 'g1', name: 'x', provider: 'line', audience: LOCAL_GOOGLE_CLIENT_ID });
    const aud = await h.idp.issue({
      sub: 'g1',
      name: 'x',
      provider: 'google',
      audience: 'other.apps.googleusercontent.com',
    });
    const old = await h.idp.issue({ sub: 'g1', name: 'x', provider: 'google', expiresInSeconds: -300 });
    for (const idToken of [line, aud, old]) expect((await h.call('loginGoogle', { idToken })).status).toBe(401);
  });
});

describe('the member token', () => {
  it("is required: 'No token found' without one, 401 for a bad one", async () => {
    const none = await h.call('checkState/checkAuth');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, message: 'No token found', error: 'NO_TOKEN' });
    const bad = await h.call('checkState/checkAuth', undefined, { token: 'not.a.jwt' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('INVALID_TOKEN');
  });

  it('expires', async () => {
    const token = await h.login('Uexpiry');
    h.clock.advance(2 * 3600 * 1000);
    expect((await h.call('checkState/checkAuth', undefined, { token })).status).toBe(401);
    h.clock.advance(-2 * 3600 * 1000);
  });

  it('decides who the caller is: a user id in the body is ignored', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team);
    const token = await h.login('Ucaller', 'Caller');
    await h.login('Uvictim2', 'Victim');
    const res = await h.call(
      'checkState/sessionList/joinSession',
      { sessionId: session.id, userId: 'line_Uvictim2' },
      { token },
    );
    expect(res.status).toBe(200);
    const list = await h.call<{ accepted: { name: string }[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId: session.id },
      { token },
    );
    expect(list.body.data!.accepted.map((p) => p.name)).toEqual(['Caller']);
  });
});

describe('unknown calls', () => {
  it('answer 404 in the envelope', async () => {
    const res = await h.call('checkState/nothingHere', {});
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
  it('publish an OpenAPI document generated from the contracts', async () => {
    const res = await h.app.request('/api/openapi.json');
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toContain('/api/checkState/sessionList/joinSession');
    expect(doc.paths['/api/withoutAuth/getSessionList']?.post?.requestBody).toBeDefined();
  });
});
