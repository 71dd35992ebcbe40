import type { LambdaEvent } from 'hono/aws-lambda';
import { describe, expect, it } from 'vitest';
import { withTrustedOrigin } from '../src/handlers/deps.ts';
import { lineChannel } from '../src/handlers/secrets.ts';
import { fromTrustedOrigin, ORIGIN_SECRET_HEADER } from '../src/platform/origin-guard.ts';
import { SecretCache } from '../src/platform/secrets.ts';

describe('secret cache (docs/DEPLOY.md, "Secrets")', () => {
  it('re-reads a secret once its value is older than the TTL, so a value filled in later is picked up', async () => {
    let now = 0;
    let stored = '{"channelAccessToken":""}';
    const reads: string[] = [];
    const cache = new SecretCache(
      async (id) => {
        reads.push(id);
        return stored;
      },
      { ttlMs: 60_000, now: () => now },
    );
    expect(await cache.get('line')).toBe('{"channelAccessToken":""}');
    stored = '{"channelAccessToken":"filled"}';
    now = 59_000;
    expect(await cache.get('line')).toBe('{"channelAccessToken":""}');
    now = 60_000;
    expect(await cache.get('line')).toBe('{"channelAccessToken":"filled"}');
    expect(reads).toEqual(['line', 'line']);
  });

  it('reads once for concurrent callers, and keeps the last value when a refresh fails', async () => {
    let now = 0;
    let fail = false;
    let reads = 0;
    const cache = new SecretCache(
      async () => {
        reads += 1;
        if (fail) throw new Error('throttled');
        return `v${reads}`;
      },
      { ttlMs: 1000, now: () => now },
    );
    expect(await Promise.all([cache.get('s'), cache.get('s'), cache.get('s')])).toEqual(['v1', 'v1', 'v1']);
    expect(reads).toBe(1);
    fail = true;
    now = 5000;
    expect(await cache.get('s')).toBe('v1');
    fail = false;
    expect(await cache.get('s')).toBe('v3');
  });

  it('fails the first read loudly when there is no value yet', async () => {
    const cache = new SecretCache(async () => {
      throw new Error('AccessDenied');
    });
    await expect(cache.get('s')).rejects.toThrow('AccessDenied');
  });

  it('takes the LINE channel from the environment when it is set there (local runs, tests)', async () => {
    expect(await lineChannel({ LINE_CHANNEL_ACCESS_TOKEN: 't', LINE_CHANNEL_SECRET: 's' })).toEqual({
      channelAccessToken: 't',
      channelSecret: 's',
    });
    expect(await lineChannel({})).toEqual({ channelAccessToken: '', channelSecret: '' });
  });
});

describe('origin guard (API reachable only through CloudFront)', () => {
  const event = (headers: Record<string, string>) => ({ headers }) as unknown as LambdaEvent;
  const app = async () => ({ statusCode: 200, body: 'app' });

  it('compares the header with the secret', () => {
    expect(fromTrustedOrigin({ [ORIGIN_SECRET_HEADER]: 'abc' }, 'abc')).toBe(true);
    expect(fromTrustedOrigin({ [ORIGIN_SECRET_HEADER]: 'abd' }, 'abc')).toBe(false);
    expect(fromTrustedOrigin({ [ORIGIN_SECRET_HEADER]: 'abcd' }, 'abc')).toBe(false);
    expect(fromTrustedOrigin({}, 'abc')).toBe(false);
    expect(fromTrustedOrigin({ [ORIGIN_SECRET_HEADER]: '' }, '')).toBe(false);
  });

  it('answers 403 with the failure envelope to a direct call, and passes CloudFront’s on to the app', async () => {
    const reads: string[] = [];
    const handler = withTrustedOrigin(app, { ORIGIN_SECRET_ARN: 'arn:origin' }, async (arn) => {
      reads.push(arn);
      return 'from-cloudfront';
    });
    const direct = await handler(event({}));
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(direct.body)).toMatchObject({ success: false, error: 'FORBIDDEN' });
    const wrong = await handler(event({ [ORIGIN_SECRET_HEADER]: 'guess' }));
    expect(wrong.statusCode).toBe(403);
    expect(await handler(event({ [ORIGIN_SECRET_HEADER]: 'from-cloudfront' }))).toEqual({
      statusCode: 200,
      body: 'app',
    });
    expect(reads).toEqual(['arn:origin', 'arn:origin', 'arn:origin']);
  });

  it('is off where the stack set no origin secret (local server, tests)', async () => {
    expect(withTrustedOrigin(app, {})).toBe(app);
  });
});
