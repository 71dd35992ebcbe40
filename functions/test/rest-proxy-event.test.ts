import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { handle, type LambdaEvent } from 'hono/aws-lambda';
import { describe, expect, it } from 'vitest';
import { contractGroupApi } from '../src/app/contract-api.ts';
import { lineServices } from '../src/app/line-services.ts';
import type { Store } from '../src/db/client.ts';
import { lambdaClientAddress, withTrustedOrigin } from '../src/handlers/deps.ts';
import { lineSignature } from '../src/line/signature.ts';
import { createLineWebhook, LINE_WEBHOOK_PATH } from '../src/line/webhook.ts';
import type { ApiEnv } from '../src/platform/http.ts';
import { ORIGIN_SECRET_HEADER } from '../src/platform/origin-guard.ts';

/**
 * The functions behind the REST APIs (infra/lib/constructs/api.ts; docs/DEPLOY.md, "Edge
 * protection"): API Gateway hands them REST (v1) proxy events. CloudFront's origin path adds the
 * stage (`/live`), which API Gateway keeps in `requestContext.path` only; every body arrives
 * base64-encoded (`binaryMediaTypes: ['*\/*']`), and gzip answers go back base64-encoded.
 */
const SECRET = 'origin-value';
const VIEWER = '203.0.113.7';
const EDGE = '130.176.1.2';

function restEvent(path: string, body: string, headers: Record<string, string>): LambdaEvent {
  return {
    resource: '/api/{proxy+}',
    path,
    httpMethod: 'POST',
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { proxy: path.replace(/^\/api\//, '') },
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      resourceId: 'r1',
      stage: 'live',
      path: `/live${path}`,
      resourcePath: '/api/{proxy+}',
      httpMethod: 'POST',
      requestId: 'req-1',
      requestTimeEpoch: 0,
      protocol: 'HTTP/1.1',
      identity: { sourceIp: EDGE, userAgent: 'Amazon CloudFront' },
      domainName: 'abc123.execute-api.ap-northeast-1.amazonaws.com',
    },
    body: Buffer.from(body).toString('base64'),
    isBase64Encoded: true,
  } as unknown as LambdaEvent;
}

/** An API group as the Lambda entries build it: compression, error envelope, body limit, then the origin check. */
function echoApi() {
  const routes = new Hono<ApiEnv>().post('/echo', async (c) =>
    c.json({ path: c.req.path, body: await c.req.json(), address: lambdaClientAddress(c, 1) }),
  );
  return withTrustedOrigin(handle(contractGroupApi('/api', [routes])), { ORIGIN_SECRET_ARN: 'arn:origin' }, async () =>
    JSON.stringify({ current: SECRET }),
  );
}

type Result = { statusCode: number; body: string; isBase64Encoded?: boolean };

describe('REST (v1) proxy events', () => {
  const cloudFrontHeaders = {
    [ORIGIN_SECRET_HEADER]: SECRET,
    'Content-Type': 'application/json',
    'Accept-Encoding': 'gzip',
    // CloudFront appends the viewer to what the viewer sent; API Gateway's source IP is the edge.
    'X-Forwarded-For': `10.9.9.9, ${VIEWER}`,
  };

  it('reach the route without the stage, with the decoded body and the viewer’s address; gzip goes back base64', async () => {
    const result = (await echoApi()(restEvent('/api/echo', '{"n":1}', cloudFrontHeaders))) as Result;
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(JSON.parse(gunzipSync(Buffer.from(result.body, 'base64')).toString())).toEqual({
      path: '/api/echo',
      body: { n: 1 },
      address: VIEWER,
    });
  });

  it('take the origin header whatever its case (v1 events keep header names as sent), and refuse without it', async () => {
    const mixed = { ...cloudFrontHeaders, 'X-Origin-Verify': SECRET } as Record<string, string>;
    delete mixed[ORIGIN_SECRET_HEADER];
    expect(((await echoApi()(restEvent('/api/echo', '{}', mixed))) as Result).statusCode).toBe(200);
    const direct = { ...cloudFrontHeaders } as Record<string, string>;
    delete direct[ORIGIN_SECRET_HEADER];
    const refused = (await echoApi()(restEvent('/api/echo', '{}', direct))) as Result;
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, error: 'FORBIDDEN' });
  });

  it('reach the LINE webhook: the signature is checked on the decoded bytes, a forged call reads nothing', async () => {
    const reads: string[] = [];
    const doc = new Proxy({}, { get: (_, name) => () => reads.push(String(name)) });
    const app = handle(
      createLineWebhook({
        channelSecret: 'channel-secret',
        line: null,
        ...lineServices({
          store: { doc, tableName: 't' } as unknown as Store,
          clock: { now: () => new Date('2026-01-01T00:00:00Z') },
        }),
        appUrl: 'https://liff.line.me/x',
      }),
    );
    const body = '{"destination":"U1","events":[]}';
    const call = (signature: string) =>
      app(
        restEvent(LINE_WEBHOOK_PATH, body, {
          'Content-Type': 'application/json',
          'x-line-signature': signature,
          [ORIGIN_SECRET_HEADER]: SECRET,
        }),
      ) as Promise<Result>;
    const forged = await call(lineSignature(new TextEncoder().encode(body), 'guessed'));
    expect(forged.statusCode).toBe(401);
    expect(reads).toEqual([]);
    const signed = await call(lineSignature(new TextEncoder().encode(body), 'channel-secret'));
    expect(signed.statusCode).toBe(200);
  });
});
