import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from '../src/auth/tokens.ts';
import { DomainError } from '../src/platform/errors.ts';
import { backoffDelay, isTransientStoreError, withRetry } from '../src/platform/retry.ts';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('store errors', () => {
  it('retry transaction conflicts and throttling, not condition failures', () => {
    expect(isTransientStoreError(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isTransientStoreError(cancelled('ThrottlingError'))).toBe(true);
    expect(isTransientStoreError(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isTransientStoreError(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isTransientStoreError(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }))).toBe(true);
    expect(isTransientStoreError(new Error('boom'))).toBe(false);
  });
});

describe('retry', () => {
  const policy = { attempts: 4, baseDelayMs: 10, maxDelayMs: 50, random: () => 0.999, sleep: async () => {} };
  it('backs off exponentially up to the cap, with jitter below it', () => {
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(a, policy))).toEqual([9, 19, 39, 49, 49]);
    expect(backoffDelay(3, { ...policy, random: () => 0 })).toBe(0);
  });
  it('gives up after the bounded number of attempts', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('busy');
        },
        () => true,
        policy,
      ),
    ).rejects.toThrow('busy');
    expect(calls).toBe(4);
  });
  it('returns as soon as an attempt succeeds and never retries a non-retryable error', async () => {
    let calls = 0;
    expect(
      await withRetry(
        async () => (++calls < 3 ? Promise.reject(new Error('x')) : 'ok'),
        () => true,
        policy,
      ),
    ).toBe('ok');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      withRetry(
        async () => Promise.reject(new Error(`no ${++calls}`)),
        () => false,
        policy,
      ),
    ).rejects.toThrow('no 1');
  });
});

describe('tokens', () => {
  const tokens = new TokenService({ secret: 'x'.repeat(40), memberTtlSeconds: 60, adminTtlSeconds: 60 });
  it('round-trip a member', async () => {
    const { token } = await tokens.issueMember({ userId: 'line_U1', name: '小明', pictureUrl: 'p' });
    expect(await tokens.verifyMember(token)).toEqual({ userId: 'line_U1', name: '小明', pictureUrl: 'p' });
  });
  it('never accept a member token as an admin token or the other way round', async () => {
    const { token: member } = await tokens.issueMember({ userId: 'line_U1', name: 'a', pictureUrl: '' });
    const { token: admin } = await tokens.issueAdmin({
      adminId: 'a1',
      email: 'a@b.tw',
      name: 'A',
      teamIds: ['t'],
      currentTeamId: 't',
    });
    await expect(tokens.verifyAdmin(member)).rejects.toBeInstanceOf(DomainError);
    await expect(tokens.verifyMember(admin)).rejects.toBeInstanceOf(DomainError);
  });
  it('refuse expired tokens and tokens signed with another secret', async () => {
    const past = new TokenService({
      secret: 'x'.repeat(40),
      memberTtlSeconds: 60,
      adminTtlSeconds: 60,
      now: () => new Date(Date.now() - 3_600_000),
    });
    const { token } = await past.issueMember({ userId: 'u', name: '', pictureUrl: '' });
    await expect(tokens.verifyMember(token)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const other = new TokenService({ secret: 'y'.repeat(40), memberTtlSeconds: 60, adminTtlSeconds: 60 });
    const { token: forged } = await other.issueMember({ userId: 'u', name: '', pictureUrl: '' });
    await expect(tokens.verifyMember(forged)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
  // Tokens are signed with node:crypto (auth/tokens.ts): they must stay standard HS256 JWTs, so
  // tokens already handed out keep working and any JWT library reads ours.
  it('read tokens a JWT library signed, and sign tokens a JWT library accepts', async () => {
    const key = new TextEncoder().encode('x'.repeat(40));
    const now = Math.floor(Date.now() / 1000);
    const fromLibrary = await new SignJWT({ role: 'member', name: '小明', pic: 'p' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('line_U1')
      .setIssuer('shuttle')
      .setAudience('shuttle-member')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    expect(await tokens.verifyMember(fromLibrary)).toEqual({ userId: 'line_U1', name: '小明', pictureUrl: 'p' });
    const { token } = await tokens.issueAdmin({
      adminId: 'a1',
      email: 'a@b.tw',
      name: 'A',
      teamIds: ['t1'],
      currentTeamId: 't1',
    });
    const { payload } = await jwtVerify(token, key, {
      issuer: 'shuttle',
      audience: 'shuttle-admin',
      algorithms: ['HS256'],
    });
    expect(payload).toMatchObject({ sub: 'a1', role: 'admin', teams: ['t1'], team: 't1' });
  });
  it('refuse tampered claims, an unsigned token, another algorithm and another issuer', async () => {
    const { token } = await tokens.issueMember({ userId: 'u', name: 'n', pictureUrl: '' });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const refused = [
      `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`,
      `${b64({ alg: 'none' })}.${payload}.`,
      `${b64({ alg: 'HS512' })}.${payload}.${signature}`,
      `${header}.${payload}`,
      'not-a-token',
    ];
    for (const bad of refused) await expect(tokens.verifyMember(bad)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const key = new TextEncoder().encode('x'.repeat(40));
    const now = Math.floor(Date.now() / 1000);
    const otherIssuer = await new SignJWT({ role: 'member' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('elsewhere')
      .setAudience('shuttle-member')
      .setExpirationTime(now + 60)
      .sign(key);
    await expect(tokens.verifyMember(otherIssuer)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
