import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import { lambdaNotifier } from '@shuttle/functions/handlers/notifier-deps.ts';
import { describe, expect, inject, it } from 'vitest';
import type { ApiHarness } from '../../support/harness.ts';
import { dispatcherOf, outboxItem, player, promotion, withHarnessAndLineStub } from './fixtures.ts';
import type { LineApiStub } from './line-api-stub.ts';

/**
 * docs/DEPLOY.md, "Secrets": on AWS the LINE channel secret is filled in after the first deploy.
 * Until then the notifier has no LINE client; with LINE_REQUIRED (set by the stack) a
 * notification for a LINE user waits and is retried, instead of being marked skipped for good.
 */
let h: ApiHarness;
let stub: LineApiStub;

withHarnessAndLineStub((started, line) => {
  h = started;
  stub = line;
});

describe('a LINE notification while the channel token is not set', () => {
  it('is retried, and delivered once the token is there', async () => {
    const holder = await player(h, 'Unoline1');
    const waiting = await player(h, 'Unoline2');
    const { record } = await promotion(h, holder, waiting);

    const unconfigured = dispatcherOf(h, stub, { line: null, lineRequired: true });
    expect(await unconfigured.deliver(record)).toMatchObject({
      status: 'retryLater',
      attempts: 1,
      error: expect.stringContaining('LINE channel access token is not set'),
    });
    const pending = await outboxItem(h, record.id);
    expect(pending?.status).not.toBe('skipped');
    expect(pending?.GSI1PK).toBeDefined();
    expect(stub.pushes()).toHaveLength(0);

    h.clock.advance(31_000);
    expect(await dispatcherOf(h, stub).deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(stub.pushes()).toHaveLength(1);
    expect((await outboxItem(h, record.id))?.status).toBe('delivered');
  });

  it('still sends the email part at once, and retries only LINE', async () => {
    const holder = await player(h, 'Unoline3');
    const waiting = await player(h, 'Unoline4', { email: 'unoline4@example.tw' });
    const { record } = await promotion(h, holder, waiting);

    const unconfigured = dispatcherOf(h, stub, { line: null, lineRequired: true });
    expect((await unconfigured.deliver(record)).status).toBe('retryLater');
    expect(h.emails.sent.map((e) => e.to)).toEqual(['unoline4@example.tw']);

    h.clock.advance(31_000);
    expect(await dispatcherOf(h, stub).deliver(record)).toEqual({ status: 'delivered', channels: ['email', 'line'] });
    expect(h.emails.sent).toHaveLength(1);
  });

  it('is skipped where LINE is not part of the deployment (local, tests), as before', async () => {
    const holder = await player(h, 'Unoline5');
    const waiting = await player(h, 'Unoline6');
    const { record } = await promotion(h, holder, waiting);
    expect((await dispatcherOf(h, stub, { line: null }).deliver(record)).status).toBe('skipped');
  });
});

describe('the Lambda notifier wiring', () => {
  it('retries LINE deliveries with LINE_REQUIRED and no token, and pushes once a token is configured', async () => {
    const env = {
      TABLE_NAME: h.store.tableName,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
      AWS_REGION: 'local',
      LINE_API_BASE_URL: stub.baseURL,
      LINE_REQUIRED: 'true',
      APP_BASE_URL: 'https://shuttle.badminton.tw',
    };
    const holder = await player(h, 'Unoline7');
    const waiting = await player(h, 'Unoline8');
    const { record } = await promotion(h, holder, waiting);

    const { dispatcher } = await lambdaNotifier(env)();
    expect((await dispatcher.deliver(record)).status).toBe('retryLater');

    const configured = lambdaNotifier({ ...env, LINE_CHANNEL_ACCESS_TOKEN: 'filled-in-token' });
    const first = await configured();
    expect(first.dispatcher).toBe((await configured()).dispatcher);
    // The Lambda wiring runs on the system clock, the harness on its own: make the retry due now.
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.outbox(record.id),
        UpdateExpression: 'SET leaseUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(0).toISOString() },
      }),
    );
    expect(await first.dispatcher.deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(stub.pushes()[0]!.headers.authorization).toBe('Bearer filled-in-token');
  });
});
