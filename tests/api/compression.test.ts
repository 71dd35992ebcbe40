import { gunzipSync } from 'node:zlib';
import { createMemberApi } from '@shuttle/functions/app/member-api.ts';
import type { APIGatewayProxyResult, Context as LambdaContext } from 'aws-lambda';
import { handle } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';

/** functions/src/app/LIMITS.md: API answers travel gzip-compressed to clients that accept it. */

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
  const team = await h.putTeam();
  for (let i = 0; i < 12; i++) await h.putSession(team, { title: `壓縮測試場次 ${i}` });
});
afterAll(() => h.close());

const list = (encoding?: string) =>
  h.app.request('/api/withoutAuth/getSessionList', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    body: '{}',
  });

describe('compressed API answers', () => {
  it('sends a session page gzipped when the client accepts gzip, with the same JSON', async () => {
    const plain = await list();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    const page = JSON.parse(text) as { success: boolean; data: { items: unknown[] } };
    expect(page.success).toBe(true);
    expect(page.data.items.length).toBeGreaterThanOrEqual(12);

    const packed = await list('gzip, deflate, br');
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(packed.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toMatchObject({ success: true, data: page.data });
  });

  it('on the Lambda adapter, the gzipped body goes to API Gateway base64-encoded', async () => {
    const handler = handle(createMemberApi(h.deps));
    const res = (await handler(
      {
        version: '2.0',
        routeKey: '$default',
        rawPath: '/api/withoutAuth/getSessionList',
        rawQueryString: '',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', host: 'api.test' },
        requestContext: {
          http: {
            method: 'POST',
            path: '/api/withoutAuth/getSessionList',
            protocol: 'HTTP/1.1',
            sourceIp: '203.0.113.9',
          },
        },
        body: '{}',
        isBase64Encoded: false,
      } as never,
      {} as LambdaContext,
    )) as APIGatewayProxyResult;
    expect(res.statusCode).toBe(200);
    expect(res.isBase64Encoded).toBe(true);
    expect(res.headers?.['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(res.body, 'base64')).toString('utf8'));
    expect(body).toMatchObject({ success: true, data: { items: expect.any(Array) } });
  });
});
