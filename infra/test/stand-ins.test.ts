import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { Sha256 as SdkSha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import MnemonistLru from 'mnemonist/lru-cache.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventStreamSerde, eventStreamSerdeProvider } from '../lib/stand-ins/event-streams.ts';
import { InvokeStore } from '../lib/stand-ins/invoke-store.ts';
import StandInLru from '../lib/stand-ins/lru-cache.ts';
import * as standInSecrets from '../lib/stand-ins/secrets-manager.ts';
import * as standInSes from '../lib/stand-ins/ses.ts';
import { Sha256 } from '../lib/stand-ins/sha256.ts';

/**
 * The modules that replace packages in the Lambda bundles (infra/lib/stand-ins, `BUNDLING.alias`;
 * docs/DEPLOY.md, "Bundles") against the packages themselves: the SES and Secrets Manager
 * clients send the same signed request as the SDK's to a local server and read its answers and
 * errors alike; the hash and the cache give the same results.
 */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const credentials = { accessKeyId: 'AKIDSTANDIN', secretAccessKey: 'stand-in-secret', sessionToken: 'stand-in-token' };
const region = 'ap-northeast-1';

let server: Server;
let endpoint: string;
const received: Received[] = [];
/** The next answers, in order; then 200 with `ok`. */
let replies: { status: number; headers?: Record<string, string>; body: string }[] = [];
let ok = { headers: {} as Record<string, string>, body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const reply = replies.shift() ?? { status: 200, ...ok };
      res.writeHead(reply.status, { 'x-amzn-requestid': `req-${received.length}`, ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  replies = [];
});

/** The request's Authorization as Signature V4 computes it from its signed headers, body and date. */
async function expectedAuthorization(request: Received, service: string): Promise<string> {
  const signed = /SignedHeaders=([^,]+)/.exec(String(request.headers.authorization))![1]!.split(';');
  const date = String(request.headers['x-amz-date']);
  const signingDate = new Date(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  const url = new URL(endpoint);
  const headers = Object.fromEntries(signed.map((name) => [name, String(request.headers[name])]));
  const again = await new SignatureV4({ service, region, credentials, sha256: SdkSha256 }).sign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: '/',
      query: {},
      headers,
      body: request.body,
    },
    { signingDate },
  );
  return again.headers.authorization!;
}

const sorted = (form: string) => [...new URLSearchParams(form)].sort(([a], [b]) => a.localeCompare(b));
const errorOf = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as { name: string; message: string; $fault: string; $metadata: { httpStatusCode: number } };
  expect(error, 'the call should have failed').toBeDefined();
  return { name: error.name, message: error.message, $fault: error.$fault, status: error.$metadata.httpStatusCode };
};

describe('the SES stand-in', () => {
  const input = {
    Source: 'no-reply@shuttle.tw',
    ConfigurationSetName: 'shuttle-prod',
    Destination: { ToAddresses: ['player+1@example.tw'] },
    Message: {
      Subject: { Data: '驗證碼 123456 (Shuttle)!', Charset: 'UTF-8' },
      Body: { Text: { Data: "Line one\nline two: it's ~50% * 2", Charset: 'UTF-8' } },
    },
  };
  const sdk = () => new SESClient({ region, endpoint, credentials, maxAttempts: 3 });
  const standIn = () => new standInSes.SESClient({ region, endpoint, credentials });
  beforeAll(() => {
    ok = {
      headers: { 'content-type': 'text/xml' },
      body: '<SendEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendEmailResult><MessageId>0100-abc</MessageId></SendEmailResult><ResponseMetadata><RequestId>rid-1</RequestId></ResponseMetadata></SendEmailResponse>',
    };
  });

  it('sends SendEmail as the SDK does: same form fields, same signed headers, a valid signature', async () => {
    await sdk().send(new SendEmailCommand(input));
    const out = await standIn().send(new standInSes.SendEmailCommand(input));
    expect(out.MessageId).toBe('0100-abc');
    const [fromSdk, fromStandIn] = received as [Received, Received];
    expect(fromStandIn.method).toBe(fromSdk.method);
    expect(fromStandIn.url).toBe(fromSdk.url);
    expect(fromStandIn.headers['content-type']).toBe(fromSdk.headers['content-type']);
    expect(fromStandIn.body.split('&').slice(0, 2)).toEqual(['Action=SendEmail', 'Version=2010-12-01']);
    expect(sorted(fromStandIn.body)).toEqual(sorted(fromSdk.body));
    // The SDK's percent-encoding (RFC 3986), not URLSearchParams' `+` for spaces.
    expect(fromStandIn.body).toContain('Message.Subject.Data=%E9%A9%97%E8%AD%89%E7%A2%BC%20123456%20%28Shuttle%29%21');
    for (const request of [fromSdk, fromStandIn]) {
      expect(request.headers.authorization).toContain(`Credential=AKIDSTANDIN/`);
      expect(request.headers.authorization).toContain(`/${region}/ses/aws4_request`);
      expect(request.headers['x-amz-security-token']).toBe('stand-in-token');
      expect(request.headers.authorization).toBe(await expectedAuthorization(request, 'ses'));
    }
    const signedBy = (r: Received) => /SignedHeaders=([^,]+)/.exec(String(r.headers.authorization))![1]!.split(';');
    const sdkOnly = ['amz-sdk-invocation-id', 'amz-sdk-request', 'x-amz-user-agent'];
    expect(signedBy(fromStandIn)).toEqual(signedBy(fromSdk).filter((h) => !sdkOnly.includes(h)));
  });

  it('fails with the error SES names, like the SDK, without retrying a refusal', async () => {
    const refusal = {
      status: 400,
      headers: { 'content-type': 'text/xml' },
      body: '<ErrorResponse><Error><Type>Sender</Type><Code>MessageRejected</Code><Message>Email address is not verified: a &amp; b</Message></Error><RequestId>r</RequestId></ErrorResponse>',
    };
    replies = [refusal, refusal];
    const fromSdk = await errorOf(sdk().send(new SendEmailCommand(input)));
    const fromStandIn = await errorOf(standIn().send(new standInSes.SendEmailCommand(input)));
    expect(fromStandIn).toEqual(fromSdk);
    expect(fromStandIn).toEqual({
      name: 'MessageRejected',
      message: 'Email address is not verified: a & b',
      $fault: 'client',
      status: 400,
    });
    expect(received).toHaveLength(2);
  });

  it('retries throttling and server errors as the SDK does, up to three attempts', async () => {
    const throttled = {
      status: 400,
      body: '<ErrorResponse><Error><Type>Sender</Type><Code>Throttling</Code><Message>Maximum sending rate exceeded.</Message></Error></ErrorResponse>',
    };
    replies = [throttled, { status: 503, body: '' }];
    await expect(standIn().send(new standInSes.SendEmailCommand(input))).resolves.toMatchObject({
      MessageId: '0100-abc',
    });
    expect(received).toHaveLength(3);
    received.length = 0;
    replies = [throttled, throttled, throttled, throttled];
    expect(await errorOf(standIn().send(new standInSes.SendEmailCommand(input)))).toMatchObject({
      name: 'Throttling',
    });
    expect(received).toHaveLength(3);
  }, 20_000);
});

describe('the Secrets Manager stand-in', () => {
  const sdk = () => new SecretsManagerClient({ region, endpoint, credentials });
  const standIn = () => new standInSecrets.SecretsManagerClient({ region, endpoint, credentials });
  const arn = 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:shuttle-jwt-AbCdEf';
  beforeAll(() => {
    ok = {
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        ARN: arn,
        Name: 'shuttle-jwt',
        VersionId: 'v1',
        SecretString: '{"channelSecret":"s"}',
        VersionStages: ['AWSCURRENT'],
        CreatedDate: 1_764_000_000.5,
      }),
    };
  });

  it('sends GetSecretValue as the SDK does and reads the same answer', async () => {
    const fromSdk = await sdk().send(new GetSecretValueCommand({ SecretId: arn }));
    const fromStandIn = await standIn().send(new standInSecrets.GetSecretValueCommand({ SecretId: arn }));
    const { $metadata: sdkMeta, ...sdkOut } = fromSdk;
    const { $metadata: standInMeta, ...standInOut } = fromStandIn;
    expect(standInOut).toEqual(sdkOut);
    expect(standInOut.SecretString).toBe('{"channelSecret":"s"}');
    expect(standInMeta.httpStatusCode).toBe(sdkMeta.httpStatusCode);
    const [a, b] = received as [Received, Received];
    for (const name of ['content-type', 'x-amz-target']) expect(b.headers[name]).toBe(a.headers[name]);
    expect(JSON.parse(b.body)).toEqual(JSON.parse(a.body));
    for (const request of [a, b]) {
      expect(request.headers.authorization).toContain(`/${region}/secretsmanager/aws4_request`);
      expect(request.headers.authorization).toBe(await expectedAuthorization(request, 'secretsmanager'));
    }
  });

  it('fails with the error the service names, like the SDK', async () => {
    const missing = {
      status: 400,
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        __type: 'com.amazonaws.secretsmanager#ResourceNotFoundException',
        Message: "Secrets Manager can't find the specified secret.",
      }),
    };
    replies = [missing, missing];
    const fromSdk = await errorOf(sdk().send(new GetSecretValueCommand({ SecretId: arn })));
    const fromStandIn = await errorOf(standIn().send(new standInSecrets.GetSecretValueCommand({ SecretId: arn })));
    expect(fromStandIn).toEqual(fromSdk);
    expect(fromStandIn.name).toBe('ResourceNotFoundException');
  });
});

describe('the small stand-ins', () => {
  it('hashes and HMACs as the SDK’s Sha256', async () => {
    for (const [secret, data] of [
      [undefined, 'hello'],
      [undefined, new Uint8Array([0, 1, 2, 255])],
      ['key', 'message'],
      [new Uint8Array([9, 8, 7]), '驗證'],
    ] as const) {
      const ours = new Sha256(secret);
      const theirs = new SdkSha256(secret);
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
      ours.update(bytes);
      theirs.update(bytes);
      expect(await ours.digest()).toEqual(await theirs.digest());
    }
  });

  it('keeps the least recently used entries out first, as mnemonist’s LRU cache', () => {
    const ours = new StandInLru<string, number>(2);
    const theirs = new MnemonistLru<string, number>(2);
    const steps: [string, string, number?][] = [
      ['set', 'a', 1],
      ['set', 'b', 2],
      ['get', 'a'],
      ['set', 'c', 3],
      ['has', 'b'],
      ['peek', 'a'],
      ['set', 'd', 4],
      ['has', 'a'],
      ['get', 'c'],
      ['set', 'c', 5],
      ['get', 'c'],
    ];
    for (const [op, key, value] of steps) {
      const call = (cache: StandInLru<string, number> | MnemonistLru<string, number>) => {
        if (op !== 'set') return (cache as unknown as Record<string, (k: string) => unknown>)[op]!.call(cache, key);
        cache.set(key, value!);
        return cache.size;
      };
      expect(call(ours), `${op} ${key}`).toEqual(call(theirs));
    }
  });

  it('refuses event streams loudly, which no bundled operation uses', () => {
    expect(() => new EventStreamSerde()).toThrow(/not in this Lambda bundle/);
    expect(() => eventStreamSerdeProvider()).toThrow(/not in this Lambda bundle/);
  });

  it('hands out the Lambda runtime’s invoke store, and none without it', async () => {
    const global = globalThis as { awslambda?: { InvokeStore?: unknown } };
    const saved = global.awslambda;
    try {
      delete global.awslambda;
      expect(await InvokeStore.getInstanceAsync()).toBeUndefined();
      const store = { getXRayTraceId: () => 'Root=1-abc' };
      global.awslambda = { InvokeStore: store };
      expect(await InvokeStore.getInstanceAsync()).toBe(store);
    } finally {
      global.awslambda = saved;
    }
  });
});
