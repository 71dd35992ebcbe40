import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { notifierRepositories } from '@shuttle/functions/app/jobs.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { createLineMessaging, retryKeyFor } from '@shuttle/functions/line/client.ts';
import type { OutboxDispatcher } from '@shuttle/functions/notifications/dispatcher.ts';
import { drainPendingOutbox, startOutboxPoller } from '@shuttle/functions/notifications/poller.ts';
import { consumeOutboxStream } from '@shuttle/functions/notifications/stream.ts';
import { newOutboxItem } from '@shuttle/functions/outbox/model.ts';
import { OutboxRepository } from '@shuttle/functions/outbox/repository.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { translate } from '@shuttle/shared/i18n';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { ApiHarness } from '../../support/harness.ts';
import {
  dispatcherOf,
  engineOf,
  outboxItem,
  pendingOutbox,
  player,
  promotion,
  sessionChangesOf,
  withHarnessAndLineStub,
} from './fixtures.ts';
import type { LineApiStub } from './line-api-stub.ts';

const APP = 'https://shuttle.example.tw';
const LIFF_ID = '1650000000-Shuttle0';
const liffLink = (sessionId: string) => `https://liff.line.me/${LIFF_ID}/session?id=${sessionId}`;
const quiet = { warn: () => {}, error: () => {} };

let h: ApiHarness;
let stub: LineApiStub;

const dispatcher = (options: Partial<ConstructorParameters<typeof OutboxDispatcher>[0]> = {}) =>
  dispatcherOf(h, stub, { appBaseUrl: APP, liffId: LIFF_ID, ...options });

interface PushBody {
  to: string;
  messages: { type: string; text?: string; altText?: string; contents?: Record<string, unknown> }[];
}
const pushBodies = () => stub.pushes().map((r) => r.body as PushBody);

withHarnessAndLineStub((started, line) => {
  h = started;
  stub = line;
});

describe('delivering a promotion', () => {
  it('pushes to the LINE user in their language, with a Flex bubble linking to the session', async () => {
    const holder = await player(h, 'Uholder1');
    const waiting = await player(h, 'Uwaiting1', { language: 'ja' });
    const { session, record } = await promotion(h, holder, waiting);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });

    const [push] = stub.pushes();
    expect(stub.pushes()).toHaveLength(1);
    expect(push!.headers['x-line-retry-key']).toBe(retryKeyFor(record.id));
    expect(push!.headers.authorization).toBe('Bearer test-channel-token');
    const body = push!.body as PushBody;
    expect(body.to).toBe('Uwaiting1');
    // One notice, one message: the card, whose alt text is the notice (no text repeating it).
    expect(body.messages).toHaveLength(1);
    const [flex] = body.messages;
    expect(flex?.type).toBe('flex');
    expect(flex?.altText).toContain(translate('ja', 'notifications', 'promoted.title'));
    expect(flex?.altText).toContain('週四晚場');
    expect(flex?.altText).toContain('大安運動中心');
    const bubble = JSON.stringify(flex?.contents);
    expect(bubble).toContain(`"uri":"${liffLink(session.id)}"`);
    expect(bubble).not.toContain(APP);
    expect(bubble).toContain(translate('ja', 'notifications', 'viewSession'));
    // Taipei wall-clock time: the harness clock is 10:00 in Taipei and the session starts 48 h later.
    expect(bubble).toContain('12/3(木) 10時00分');
  });

  it('marks the record delivered and takes it out of the pending index', async () => {
    const holder = await player(h, 'Uholder2');
    const waiting = await player(h, 'Uwaiting2');
    const { record } = await promotion(h, holder, waiting);

    await dispatcher().deliver(record);

    const stored = await outboxItem(h, record.id);
    expect(stored).toMatchObject({ status: 'delivered', channels: ['line'], attempts: 1 });
    expect(stored?.GSI1PK).toBeUndefined();
    expect(stored?.GSI1SK).toBeUndefined();
    expect(await dispatcher().deliver(record)).toEqual({ status: 'notClaimed' });
    expect(stub.pushes()).toHaveLength(1);
  });

  it('is delivered exactly once when two dispatchers race for it', async () => {
    const holder = await player(h, 'Uholder3');
    const waiting = await player(h, 'Uwaiting3');
    const { record } = await promotion(h, holder, waiting);
    const [a, b] = [dispatcher(), dispatcher()];

    const outcomes = await Promise.all([a.deliver(record), b.deliver(record), a.deliver(record), b.deliver(record)]);

    expect(outcomes.filter((o) => o.status === 'delivered')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'notClaimed')).toHaveLength(3);
    expect(stub.pushes()).toHaveLength(1);
  });

  it('delivers each of many records once when two pollers drain the outbox concurrently', async () => {
    const waiting: string[] = [];
    for (let i = 0; i < 6; i++) {
      const holder = await player(h, `Ubusy${i}`);
      waiting.push(await player(h, `Uwait${i}`));
      await promotion(h, holder, waiting[i]!);
    }
    const [a, b] = [dispatcher(), dispatcher()];

    await Promise.all([
      drainPendingOutbox({ clock: h.clock, dispatcher: a }),
      drainPendingOutbox({ clock: h.clock, dispatcher: b }),
    ]);

    const recipients = pushBodies().map((p) => p.to);
    expect(recipients.sort()).toEqual(waiting.map((w) => w.replace('line_', '')).sort());
    expect(await pendingOutbox(h)).toEqual([]);
  });
});

describe('retries', () => {
  it('keeps a failed record pending and retries it after a delay with the same retry key', async () => {
    const holder = await player(h, 'Uholder4');
    const waiting = await player(h, 'Uwaiting4');
    const { record } = await promotion(h, holder, waiting);
    stub.failNext(500);
    const d = dispatcher();

    expect(await d.deliver(record)).toMatchObject({ status: 'retryLater', attempts: 1 });
    const pending = await outboxItem(h, record.id);
    expect(pending?.GSI1PK).toBeDefined();
    expect(pending?.lastError).toContain('500');
    expect(await d.deliver(record)).toEqual({ status: 'notClaimed' });

    h.clock.advance(31_000);
    expect(await d.deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });
    const keys = stub.pushes().map((r) => r.headers['x-line-retry-key']);
    expect(keys).toEqual([retryKeyFor(record.id), retryKeyFor(record.id)]);
  });

  it.each([
    ['before LINE accepted it', false],
    ['after LINE accepted it (the answer was lost)', true],
  ])('repeats the first request byte for byte when a push fails %s', async (_, afterAccepting) => {
    const holder = await player(h, `Uholder17${afterAccepting}`);
    const waiting = await player(h, `Uwaiting17${afterAccepting}`, { language: 'ja', email: 'w17@example.tw' });
    const { session, record } = await promotion(h, holder, waiting);
    stub.failNext(503, { afterAccepting });
    h.emails.failNext = 1;
    const d = dispatcher();

    expect((await d.deliver(record)).status).toBe('retryLater');
    const [first] = stub.pushes();
    expect((await outboxItem(h, record.id))?.lineRequest).toBe(first!.raw);
    const set = (itemKey: Record<string, string>, name: string, value: string) =>
      h.store.doc.send(
        new UpdateCommand({
          TableName: h.store.tableName,
          Key: itemKey,
          UpdateExpression: 'SET #name = :value',
          ExpressionAttributeNames: { '#name': name },
          ExpressionAttributeValues: { ':value': value },
        }),
      );
    await set(key.user(waiting), 'language', 'en');
    await set(key.session(session.id), 'venue', 'Venue B (moved)');
    h.clock.advance(31_000);

    expect(await d.deliver(record)).toEqual({ status: 'delivered', channels: ['line', 'email'] });
    const [, retry] = stub.pushes();
    expect(stub.pushes()).toHaveLength(2);
    expect(retry!.raw).toBe(first!.raw);
    expect(retry!.headers['x-line-retry-key']).toBe(first!.headers['x-line-retry-key']);
    expect(retry!.raw).toContain('大安運動中心');
    expect(retry!.raw).toContain(translate('ja', 'notifications', 'promoted.title'));
    expect(retry!.raw).not.toContain('Venue B');
    // Email has no retry key: it is rendered when it is sent.
    expect(h.emails.sent).toHaveLength(1);
    expect(h.emails.sent[0]?.text).toContain('Venue B (moved)');
  });

  it('stores the LINE request only while holding the claim, and only once', async () => {
    const holder = await player(h, 'Uholder18');
    const waiting = await player(h, 'Uwaiting18');
    const { record } = await promotion(h, holder, waiting);
    const outbox = new OutboxRepository(h.store);
    await outbox.claim(record.id, 'mine', h.clock.now(), 60_000);

    expect(await outbox.saveLineRequest(record.id, 'not-mine', '{"a":1}')).toBe(false);
    expect(await outbox.saveLineRequest(record.id, 'mine', '{"a":1}')).toBe(true);
    expect(await outbox.saveLineRequest(record.id, 'mine', '{"a":2}')).toBe(false);
    expect((await outboxItem(h, record.id))?.lineRequest).toBe('{"a":1}');
  });

  it('counts a push LINE already accepted (409 on the retry key) as delivered, and LINE sends it once', async () => {
    const holder = await player(h, 'Uholder5');
    const waiting = await player(h, 'Uwaiting5');
    const { record } = await promotion(h, holder, waiting);
    const before = stub.accepted();
    stub.failNext(502, { afterAccepting: true });
    const d = dispatcher();

    expect((await d.deliver(record)).status).toBe('retryLater');
    h.clock.advance(31_000);
    expect(await d.deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });

    expect(stub.pushes()).toHaveLength(2);
    expect(stub.accepted() - before).toBe(1);
  });

  it('gives up after the last attempt and leaves the pending index', async () => {
    const holder = await player(h, 'Uholder6');
    const waiting = await player(h, 'Uwaiting6');
    const { record } = await promotion(h, holder, waiting);
    stub.failNext(503, { times: 3 });
    const d = dispatcher({ maxAttempts: 3, retryDelayMs: () => 1000 });

    expect((await d.deliver(record)).status).toBe('retryLater');
    h.clock.advance(1000);
    expect((await d.deliver(record)).status).toBe('retryLater');
    h.clock.advance(1000);
    expect(await d.deliver(record)).toMatchObject({ status: 'failed', attempts: 3 });

    const stored = await outboxItem(h, record.id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 3 });
    expect(stored?.GSI1PK).toBeUndefined();
    h.clock.advance(3_600_000);
    expect(await d.deliver(record)).toEqual({ status: 'notClaimed' });
  });

  it('retries only the channel that failed', async () => {
    const holder = await player(h, 'Uholder7');
    const waiting = await player(h, 'Uwaiting7', { email: 'wait7@example.tw' });
    const { record } = await promotion(h, holder, waiting);
    h.emails.failNext = 1;
    const d = dispatcher();

    expect((await d.deliver(record)).status).toBe('retryLater');
    expect((await outboxItem(h, record.id))?.channelsDone).toEqual(['line']);
    h.clock.advance(31_000);
    expect(await d.deliver(record)).toEqual({ status: 'delivered', channels: ['line', 'email'] });

    expect(stub.pushes()).toHaveLength(1);
    expect(h.emails.sent).toHaveLength(1);
  });

  it('takes over a record whose dispatcher died mid-delivery once its lease runs out', async () => {
    const holder = await player(h, 'Uholder8');
    const waiting = await player(h, 'Uwaiting8');
    const { record } = await promotion(h, holder, waiting);
    await new OutboxRepository(h.store).claim(record.id, 'crashed-dispatcher', h.clock.now(), 60_000);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'notClaimed' });
    h.clock.advance(60_000);
    expect(await dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });
  });
});

describe('channels and preferences', () => {
  it('also emails a verified address, in the player language, with the session link', async () => {
    const holder = await player(h, 'Uholder9');
    const waiting = await player(h, 'Uwaiting9', { language: 'de', email: 'spieler@example.de' });
    const { session, record } = await promotion(h, holder, waiting);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['line', 'email'] });

    const [mail] = h.emails.sent;
    expect(mail?.to).toBe('spieler@example.de');
    expect(mail?.subject).toContain(translate('de', 'notifications', 'promoted.title'));
    expect(mail?.text).toContain(liffLink(session.id));
    // One notice, one message: the card, its alt text the whole notice.
    const [card, ...more] = pushBodies()[0]?.messages ?? [];
    expect(more).toEqual([]);
    expect(card?.type).toBe('flex');
    expect((card?.altText ?? '').startsWith('Sie sind dabei!')).toBe(true);
  });

  it('reaches a Google user by email only', async () => {
    const holder = await player(h, 'Uholder10');
    const waiting = await player(h, 'g-10', { provider: 'google', email: 'g10@example.com' });
    const { record } = await promotion(h, holder, waiting);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['email'] });
    expect(stub.pushes()).toHaveLength(0);
    expect(h.emails.sent[0]?.text).toContain(`${APP}/session?id=${record.sessionId}`);
    expect(h.emails.sent[0]?.text).not.toContain('liff.line.me');
  });

  it('links to the web app everywhere without a LIFF id (locally, the LIFF mock)', async () => {
    const holder = await player(h, 'Uholder16');
    const waiting = await player(h, 'Uwaiting16', { email: 'w16@example.tw' });
    const { session, record } = await promotion(h, holder, waiting);

    await dispatcher({ liffId: undefined }).deliver(record);

    expect(JSON.stringify(pushBodies()[0])).toContain(`"uri":"${APP}/session?id=${session.id}"`);
    expect(h.emails.sent[0]?.text).toContain(`${APP}/session?id=${session.id}`);
  });

  it('skips a player who turned the waitlist notification off', async () => {
    const holder = await player(h, 'Uholder11');
    const waiting = await player(h, 'Uwaiting11', { email: 'w11@example.tw', preferences: { waitlist: false } });
    const { record } = await promotion(h, holder, waiting);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'skipped', reason: 'preference waitlist is off' });
    expect(stub.pushes()).toHaveLength(0);
    expect(h.emails.sent).toHaveLength(0);
    expect((await outboxItem(h, record.id))?.GSI1PK).toBeUndefined();
  });

  it('maps session changes to the session-change preference', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team);
    const userId = await player(h, 'Uwaiting12', { preferences: { sessionChange: false, waitlist: true } });
    const d = dispatcher();
    for (const kind of ['sessionChanged', 'sessionCancelled'] as const) {
      const item = newOutboxItem({ id: randomId(), kind, userId, sessionId: session.id, now: h.clock.now() });
      await new OutboxRepository(h.store).putIfAbsent(item);
      expect(await d.deliver(item)).toEqual({ status: 'skipped', reason: 'preference sessionChange is off' });
    }
  });

  it('skips a Google user without a verified email', async () => {
    const holder = await player(h, 'Uholder13');
    const waiting = await player(h, 'g-13', { provider: 'google' });
    const { record } = await promotion(h, holder, waiting);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'skipped', reason: 'no channel reaches this user' });
  });
});

describe('LINE quota and refusals', () => {
  const reminder = async (sub: string, setup: Parameters<typeof player>[2] = {}) => {
    const team = await h.putTeam();
    const session = await h.putSession(team);
    const userId = await player(h, sub, setup);
    const item = newOutboxItem({
      id: randomId(),
      kind: 'bookingReminder',
      userId,
      sessionId: session.id,
      now: h.clock.now(),
    });
    await new OutboxRepository(h.store).putIfAbsent(item);
    return item;
  };

  it('near the monthly limit, does not push reminders and says so on the record', async () => {
    stub.setQuota(1000, 950);
    const lineOnly = await reminder('Uquota1');
    const withEmail = await reminder('Uquota2', { email: 'q2@example.tw' });
    const d = dispatcher();

    expect(await d.deliver(lineOnly)).toEqual({
      status: 'skipped',
      reason: 'LINE quota near (950/1000 pushes this month): not pushed',
    });
    expect(await d.deliver(withEmail)).toEqual({ status: 'delivered', channels: ['email'] });
    expect((await outboxItem(h, withEmail.id))?.note).toBe('LINE quota near (950/1000 pushes this month): not pushed');
    expect(stub.pushes()).toHaveLength(0);
    expect(stub.quotaReads()).toHaveLength(1);
  });

  it('past the limit, emails a promotion to a verified player instead and still pushes to the others', async () => {
    stub.setQuota(1000, 1000);
    const d = dispatcher();
    const verified = await promotion(h, await player(h, 'Uquota3'), await player(h, 'Uquota4', { email: 'q4@x.tw' }));
    const lineOnly = await promotion(h, await player(h, 'Uquota5'), await player(h, 'Uquota6'));

    expect(await d.deliver(verified.record)).toEqual({ status: 'delivered', channels: ['email'] });
    expect((await outboxItem(h, verified.record.id))?.note).toBe(
      'LINE quota over (1000/1000 pushes this month): email instead of LINE',
    );
    expect(await d.deliver(lineOnly.record)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(pushBodies().map((b) => b.to)).toEqual(['Uquota6']);
  });

  it('uses one quota reading for a few minutes, then reads again', async () => {
    const d = dispatcher();
    await d.deliver(await reminder('Uquota7'));
    stub.setQuota(1000, 990);
    expect((await d.deliver(await reminder('Uquota8'))).status).toBe('delivered');
    h.clock.advance(5 * 60_000);
    expect((await d.deliver(await reminder('Uquota9'))).status).toBe('skipped');
    expect(stub.quotaReads()).toHaveLength(2);
    expect(pushBodies().map((b) => b.to)).toEqual(['Uquota7', 'Uquota8']);
  });

  it.each([400, 403])(
    'finishes a push LINE refuses with %i as failed, with a note, and never retries it',
    async (status) => {
      const { record } = await promotion(
        h,
        await player(h, `Uholder19${status}`),
        await player(h, `Ublocked${status}`),
      );
      stub.failNext(status);
      const d = dispatcher();

      const outcome = await d.deliver(record);
      expect(outcome).toMatchObject({ status: 'failed', attempts: 1 });
      const stored = await outboxItem(h, record.id);
      expect(stored).toMatchObject({ status: 'failed', channels: [] });
      expect(stored?.note).toContain(String(status));
      expect(stored?.GSI1PK).toBeUndefined();
      h.clock.advance(3_600_000);
      expect(await d.deliver(record)).toEqual({ status: 'notClaimed' });
      expect(stub.pushes()).toHaveLength(1);
    },
  );

  it('does not push again to a player who refused it while the email is retried', async () => {
    const { record } = await promotion(
      h,
      await player(h, 'Uholder20'),
      await player(h, 'Ublocked20', { email: 'b20@x.tw' }),
    );
    stub.failNext(403);
    h.emails.failNext = 1;
    const d = dispatcher();

    expect((await d.deliver(record)).status).toBe('retryLater');
    expect(await outboxItem(h, record.id)).toMatchObject({ channelsDone: [], channelsRefused: ['line'] });
    h.clock.advance(31_000);
    expect(await d.deliver(record)).toEqual({ status: 'delivered', channels: ['email'] });

    expect(stub.pushes()).toHaveLength(1);
    expect((await outboxItem(h, record.id))?.note).toBe('line: refused on an earlier attempt');
  });
});

describe('outbox stream consumer', () => {
  it('delivers inserted outbox items and ignores other records', async () => {
    const holder = await player(h, 'Uholder14');
    const waiting = await player(h, 'Uwaiting14');
    const { record, session } = await promotion(h, holder, waiting);
    const image = (item: object) => marshall(item, { removeUndefinedValues: true }) as never;
    const event: DynamoDBStreamEvent = {
      Records: [
        { eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: image(session) } },
        { eventName: 'MODIFY', dynamodb: { SequenceNumber: '2', NewImage: image(record) } },
        { eventName: 'INSERT', dynamodb: { SequenceNumber: '3', NewImage: image(record) } },
      ],
    };

    expect(await consumeOutboxStream(event, dispatcher())).toEqual({ batchItemFailures: [] });
    expect(pushBodies().map((p) => p.to)).toEqual(['Uwaiting14']);
  });

  it('reports a record whose delivery could not be attempted, for Lambda to retry', async () => {
    const failing = { deliver: async () => Promise.reject(new Error('table unreachable')) };
    const item = { type: 'outbox', id: 'x1', kind: 'promoted', userId: 'u', sessionId: 's', createdAt: '' };
    const event: DynamoDBStreamEvent = {
      Records: [{ eventName: 'INSERT', dynamodb: { SequenceNumber: '42', NewImage: marshall(item) as never } }],
    };

    expect(await consumeOutboxStream(event, failing, quiet)).toEqual({ batchItemFailures: [{ itemIdentifier: '42' }] });
  });
});

describe('local poller', () => {
  it('delivers a new promotion within a few ticks and stops cleanly', async () => {
    const holder = await player(h, 'Uholder15');
    const waiting = await player(h, 'Uwaiting15');
    await promotion(h, holder, waiting);
    const poller = startOutboxPoller({
      store: h.store,
      repositories: notifierRepositories(h.store),
      clock: h.clock,
      line: createLineMessaging({ channelAccessToken: 'test-channel-token', baseURL: stub.baseURL }),
      mailer: h.emails,
      appBaseUrl: APP,
      intervalMs: 20,
      log: quiet,
    });
    try {
      await expect.poll(() => pushBodies().map((p) => p.to), { timeout: 5000 }).toContain('Uwaiting15');
    } finally {
      await poller.stop();
    }
    expect(await pendingOutbox(h)).toEqual([]);
  });
});

describe('delivering a cancellation of a deleted session', () => {
  it('tells every booked and waiting player from the snapshot kept on the notice', async () => {
    const booked = await player(h, 'Udeleted1', { language: 'en' });
    const waiting = await player(h, 'Udeleted2');
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1, title: '週日早場', venue: '板橋體育館' });
    const engine = engineOf(h);
    for (const userId of [booked, waiting]) {
      await engine.join({ sessionId: session.id, partySize: 1, player: { userId, name: userId, pictureUrl: '' } });
    }
    await sessionChangesOf(h).deleteSession(session.id);

    const notices = (await pendingOutbox(h)).filter((o) => o.sessionId === session.id);
    expect(notices.map((o) => o.kind)).toEqual(['sessionCancelled', 'sessionCancelled']);
    for (const notice of notices)
      expect(await dispatcher().deliver(notice)).toEqual({ status: 'delivered', channels: ['line'] });

    const bodies = pushBodies();
    expect(bodies.map((b) => b.to).sort()).toEqual(['Udeleted1', 'Udeleted2']);
    const english = bodies.find((b) => b.to === 'Udeleted1')!;
    expect(english.messages).toHaveLength(1);
    expect(english.messages[0]?.type).toBe('flex');
    expect(english.messages[0]?.altText).toContain(translate('en', 'notifications', 'sessionCancelled.title'));
    expect(english.messages[0]?.altText).toContain('週日早場');
  });
});
