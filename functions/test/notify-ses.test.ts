import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SesEmailSender } from '#platform/email.ts';

/**
 * The SES sender (platform/email.ts) with the real SES v2 client, pointed at a loopback server
 * that records each request and answers as SES does: the request is checked where it leaves.
 */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
/** The next answers, in order; then 200 with a message id. */
let replies: { status: number; errorType: string; message: string }[] = [];
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const reply = replies.shift();
      if (reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json', 'x-amzn-errortype': reply.errorType });
        res.end(JSON.stringify({ message: reply.message }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ MessageId: `m-${received.length}` }));
      }
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

const client = () =>
  new SESv2Client({
    region: 'ap-northeast-1',
    endpoint,
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
  });

describe('SES email sender', () => {
  it('sends a UTF-8 text email from the configured address, signed for SES', async () => {
    const sender = new SesEmailSender(client(), 'no-reply@shuttle.tw');

    await sender.send({ to: 'player@example.tw', subject: '候補成功', text: '您已遞補為正取' });

    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    expect([request.method, request.url]).toEqual(['POST', '/v2/email/outbound-emails']);
    expect(request.headers.authorization).toMatch(/Credential=AKIDTEST\/\d{8}\/ap-northeast-1\/ses\/aws4_request/);
    expect(JSON.parse(request.body)).toEqual({
      FromEmailAddress: 'no-reply@shuttle.tw',
      Destination: { ToAddresses: ['player@example.tw'] },
      Content: {
        Simple: {
          Subject: { Data: '候補成功', Charset: 'UTF-8' },
          Body: { Text: { Data: '您已遞補為正取', Charset: 'UTF-8' } },
        },
      },
    });
  });

  it('names the configuration set that reports bounces and complaints', async () => {
    const sender = new SesEmailSender(client(), 'no-reply@shuttle.tw', 'shuttle-prod');

    await sender.send({ to: 'player@example.tw', subject: 's', text: 't' });

    expect(JSON.parse(received[0]!.body)).toMatchObject({ ConfigurationSetName: 'shuttle-prod' });
  });

  it('lets an SES refusal reach the caller, which keeps the notification pending', async () => {
    replies = [{ status: 400, errorType: 'MessageRejected', message: 'Email address is not verified.' }];
    const sender = new SesEmailSender(client(), 'no-reply@shuttle.tw');

    await expect(sender.send({ to: 'a@b.tw', subject: 's', text: 't' })).rejects.toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
    });
    expect(received).toHaveLength(1);
  });

  it('retries SES throttling, then lets it reach the caller', async () => {
    const throttled = { status: 429, errorType: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' };
    replies = [throttled, throttled, throttled];
    const sender = new SesEmailSender(client(), 'no-reply@shuttle.tw');

    await expect(sender.send({ to: 'a@b.tw', subject: 's', text: 't' })).rejects.toThrow('Maximum sending rate');
    expect(received).toHaveLength(3);
  }, 20_000);
});
