import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { outboxCodec } from '@shuttle/functions/db/codecs/outbox.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { newOutboxItem, type OutboxRecord } from '@shuttle/functions/outbox/model.ts';
import { OutboxRepository } from '@shuttle/functions/outbox/repository.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { translate } from '@shuttle/shared/i18n';
import { describe, expect, it } from 'vitest';
import type { ApiHarness } from '../../support/harness.ts';
import { outboxItem, pendingOutbox, TEST_LIFF_ID } from './fixtures.ts';
import { type ServiceWorld, withServiceWorld } from './service-fixture.ts';

/**
 * LINE MINI App service messages (docs/LINE.md, "Service messages"), at the requests that leave
 * the process: the hand-over of a LIFF access token, booking notices sent as service messages
 * with the renewed token kept, the fall-back to today's channel plan, and no notice sent twice.
 */

let w: ServiceWorld;
let h: ApiHarness;
withServiceWorld((world) => {
  w = world;
  h = world.h;
});

interface SendBody {
  templateName: string;
  params: Record<string, string>;
  notificationToken: string;
}
const sendBodies = () => w.sends().map((r) => r.body as SendBody);
const pushesTo = (sub: string) => w.pushes().filter((r) => (r.body as { to?: string }).to === sub);

let serial = 0;
/** A LINE player signed in through the API: their member token and user id. */
async function lineMember(prefix: string) {
  const sub = `U${prefix}${String(++serial).padStart(6, '0')}`;
  const token = await h.login(sub, `Player ${sub}`);
  return { sub, token, userId: `line_${sub}` };
}

const join = (token: string, sessionId: string, extra: Record<string, unknown> = {}) =>
  h.call<{ status: string }>('checkState/sessionList/joinSession', { sessionId, ...extra }, { token });

const handOver = (token: string, sessionId: string, liffAccessToken: string) =>
  h.call<{ sessionId: string; remainingCount: number }>(
    'checkState/notify/serviceToken',
    { sessionId, liffAccessToken },
    { token },
  );

/** A full session of one place: `holder` holds it, `waiting` waits (and handed over a LIFF token unless told not to). */
async function fullSession(options: { handOver?: boolean } = {}) {
  const team = await h.putTeam();
  const session = await h.putSession(team, { capacity: 1, title: '週四晚場', venue: '大安運動中心' });
  const holder = await lineMember('hold');
  const waiting = await lineMember('wait');
  expect((await join(holder.token, session.id)).body.data?.status).toBe('accepted');
  expect((await join(waiting.token, session.id)).body.data?.status).toBe('waiting');
  if (options.handOver !== false) {
    const res = await handOver(waiting.token, session.id, await w.liffToken(waiting.sub));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sessionId: session.id, remainingCount: 5 });
  }
  return { team, session, holder, waiting };
}

async function promotionOf(holderToken: string, sessionId: string, userId: string) {
  const res = await h.call('checkState/booked/cancelBooked', { sessionId }, { token: holderToken });
  expect(res.status).toBe(200);
  const record = (await pendingOutbox(h)).find((r) => r.sessionId === sessionId && r.userId === userId);
  if (!record) throw new Error('the promotion wrote no outbox record');
  return record;
}

const tokenItem = async (userId: string, sessionId: string) =>
  (
    await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.serviceToken(userId, sessionId), ConsistentRead: true }),
    )
  ).Item;

/** More notices of one booking, as outbox records the dispatcher delivers one by one. */
async function notices(kind: 'bookingReminder' | 'sessionChanged', userId: string, sessionId: string, n: number) {
  const outbox = new OutboxRepository(h.store);
  const records: OutboxRecord[] = [];
  for (let i = 0; i < n; i++) {
    const item = newOutboxItem({ id: randomId(), kind, userId, sessionId, now: h.clock.now() });
    await outbox.putIfAbsent(item);
    records.push(outboxCodec.decode((await outboxItem(h, item.id))!));
  }
  return records;
}

describe('handing over a LIFF access token (checkState/notify/serviceToken)', () => {
  it('issues one notification token for the booking and keeps it sealed: never in the answer or the item in clear', async () => {
    const { session, waiting } = await fullSession();
    const issue = w.capture.requests.filter((r) => r.path === '/message/v3/notifier/token');
    expect(issue).toHaveLength(1);
    expect(issue[0]!.headers.authorization).toBe('Bearer ***');
    // The MINI App channel's stateless token, from its id and secret (the secret is not recorded).
    const stateless = w.capture.requests.find((r) => r.path === '/oauth2/v3/token');
    expect(stateless?.body).toMatchObject({ grant_type: 'client_credentials', client_id: '1650000001' });
    // Whose token it is: asked of LINE before anything is issued.
    expect(w.capture.requests.some((r) => r.path === '/v2/profile')).toBe(true);

    const item = await tokenItem(waiting.userId, session.id);
    expect(item).toMatchObject({ type: 'serviceToken', remaining: 5, userId: waiting.userId, sessionId: session.id });
    expect(item?.sealed).toMatch(/^v1\./);
    expect(JSON.stringify(item)).not.toMatch(/ntok-|liff-/);
    // Gone with the session: the item's TTL is the session's end.
    expect(item?.ttl).toBe(Math.floor(Date.parse(session.endsAt) / 1000));
  });

  it('answers a repeated hand-over of the same LIFF token from what it keeps, without asking LINE again', async () => {
    const { session, waiting } = await fullSession({ handOver: false });
    const liff = await w.liffToken(waiting.sub);
    expect((await handOver(waiting.token, session.id, liff)).status).toBe(200);
    const again = await handOver(waiting.token, session.id, liff);
    expect(again.status).toBe(200);
    expect(again.body.data?.remainingCount).toBe(5);
    expect(w.capture.requests.filter((r) => r.path === '/message/v3/notifier/token')).toHaveLength(1);
  });

  it("refuses another player's LIFF token, an unknown one, a cancelled booking and a session the caller did not book", async () => {
    const { session, holder, waiting } = await fullSession({ handOver: false });
    const someoneElse = await handOver(waiting.token, session.id, await w.liffToken(holder.sub));
    expect(someoneElse.status).toBe(400);
    expect(someoneElse.body.error).toBe('LIFF_TOKEN_REFUSED');
    const unknown = await handOver(waiting.token, session.id, 'liff-not-issued-by-line-000');
    expect(unknown.body.error).toBe('LIFF_TOKEN_REFUSED');
    expect(await tokenItem(waiting.userId, session.id)).toBeUndefined();
    expect(w.capture.requests.filter((r) => r.path === '/message/v3/notifier/token')).toHaveLength(0);

    const stranger = await lineMember('strn');
    const notBooked = await handOver(stranger.token, session.id, await w.liffToken(stranger.sub));
    expect(notBooked.status).toBe(404);

    await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: waiting.token });
    const cancelled = await handOver(waiting.token, session.id, await w.liffToken(waiting.sub));
    expect(cancelled.status).toBe(404);
    expect(cancelled.body.error).toBe('BOOKING_NOT_FOUND');
  });

  it('takes the LIFF token with the booking call itself (liffAccessToken on joinSession)', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team);
    const player = await lineMember('join');
    const res = await join(player.token, session.id, { liffAccessToken: await w.liffToken(player.sub) });
    expect(res.body.data?.status).toBe('accepted');
    expect(await tokenItem(player.userId, session.id)).toMatchObject({ remaining: 5 });
  });

  it('a refused LIFF token on the booking call leaves the booking standing', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team);
    const player = await lineMember('jref');
    const res = await join(player.token, session.id, { liffAccessToken: 'liff-not-issued-by-line-001' });
    expect(res.status).toBe(200);
    expect(res.body.data?.status).toBe('accepted');
    expect(await tokenItem(player.userId, session.id)).toBeUndefined();
  });
});

describe('booking notices as service messages', () => {
  it('tells a promoted player by a service message promoted_zh-TW, with the permanent MINI App link, and no push', async () => {
    const { session, holder, waiting } = await fullSession();
    const record = await promotionOf(holder.token, session.id, waiting.userId);

    expect(await w.dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['service'] });

    const [send] = w.sends();
    expect(w.sends()).toHaveLength(1);
    expect(send!.query).toBe('target=service');
    expect(send!.headers.authorization).toBe('Bearer ***');
    expect(send!.body).toEqual({
      templateName: 'promoted_zh-TW',
      params: {
        title: translate('zh-TW', 'notifications', 'promoted.title'),
        session: '週四晚場',
        when: expect.any(String),
        venue: '大安運動中心',
        btn1_url: `https://miniapp.line.me/${TEST_LIFF_ID}/session?id=${session.id}`,
      },
      notificationToken: expect.stringMatching(/^ntok-/),
    });
    expect(pushesTo(waiting.sub)).toHaveLength(0);
    expect(w.capture.serviceMessages).toMatchObject([{ to: waiting.sub, templateName: 'promoted_zh-TW' }]);
    // The renewed token is kept: four sends left.
    expect(await tokenItem(waiting.userId, session.id)).toMatchObject({ remaining: 4 });
    expect((await outboxItem(h, record.id))?.note).toBeNull();
  });

  it("names the template of the player's language and sends each later notice with the renewed token", async () => {
    const { session, waiting } = await fullSession();
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.user(waiting.userId),
        UpdateExpression: 'SET #language = :ja',
        ExpressionAttributeNames: { '#language': 'language' },
        ExpressionAttributeValues: { ':ja': 'ja' },
      }),
    );
    for (const record of await notices('bookingReminder', waiting.userId, session.id, 2)) {
      expect((await w.dispatcher().deliver(record)).status).toBe('delivered');
    }
    const [first, second] = sendBodies();
    expect(first?.templateName).toBe('bookingReminder_ja');
    expect(second?.notificationToken).not.toBe(first?.notificationToken);
    expect(await tokenItem(waiting.userId, session.id)).toMatchObject({ remaining: 3 });
  });

  it('still e-mails a player with a verified e-mail: the service message replaces the push only', async () => {
    const { session, holder, waiting } = await fullSession();
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.user(waiting.userId),
        UpdateExpression: 'SET email = :email, emailVerified = :true',
        ExpressionAttributeValues: { ':email': 'wait@example.tw', ':true': true },
      }),
    );
    const record = await promotionOf(holder.token, session.id, waiting.userId);
    expect(await w.dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['service', 'email'] });
    expect(h.emails.sent.map((m) => m.to)).toEqual(['wait@example.tw']);
    expect(pushesTo(waiting.sub)).toHaveLength(0);
  });

  it('once the booking token is used up (five sends), the next notice is a push', async () => {
    const { session, waiting } = await fullSession();
    const records = await notices('bookingReminder', waiting.userId, session.id, 6);
    for (const record of records.slice(0, 5)) {
      expect(await w.dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['service'] });
    }
    // The fifth send's answer carries no token: nothing is kept.
    expect(await tokenItem(waiting.userId, session.id)).toBeUndefined();
    expect(await w.dispatcher().deliver(records[5]!)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(w.sends()).toHaveLength(5);
    expect(pushesTo(waiting.sub)).toHaveLength(1);
    expect((await outboxItem(h, records[5]!.id))?.note).toBe('service: no token for this booking');
  });

  it('an expired token falls back to the push, and is forgotten', async () => {
    const { session, waiting } = await fullSession();
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.serviceToken(waiting.userId, session.id),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(h.clock.now().getTime() - 1000).toISOString() },
      }),
    );
    const [record] = await notices('sessionChanged', waiting.userId, session.id, 1);
    expect(await w.dispatcher().deliver(record!)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(w.sends()).toHaveLength(0);
    expect(await tokenItem(waiting.userId, session.id)).toBeUndefined();
  });

  it('a template LINE has not registered (403) falls back to the push and keeps the token', async () => {
    const { session, waiting } = await fullSession();
    const [record] = await notices('bookingReminder', waiting.userId, session.id, 1);
    const catalog = {
      promoted: null,
      offered: null,
      lastCall: null,
      lotteryWaitlisted: null,
      sessionChanged: null,
      sessionCancelled: null,
      bookingReminder: 'not_registered_d',
    };
    expect(await w.dispatcher({ catalog }).deliver(record!)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(sendBodies()[0]?.templateName).toBe('not_registered_d_zh-TW');
    expect(await tokenItem(waiting.userId, session.id)).toMatchObject({ remaining: 5 });
    expect((await outboxItem(h, record!.id))?.channelsRefused ?? []).toEqual([]);
  });

  it('a send that failed before LINE acted is sent again with the same token, once', async () => {
    const { session, waiting } = await fullSession();
    const [record] = await notices('bookingReminder', waiting.userId, session.id, 1);
    w.failNextSend(500);
    expect((await w.dispatcher().deliver(record!)).status).toBe('retryLater');
    h.clock.advance(60_000);
    expect(await w.dispatcher().deliver(record!)).toEqual({ status: 'delivered', channels: ['service'] });
    const [first, second] = sendBodies();
    expect(second?.notificationToken).toBe(first?.notificationToken);
    expect(w.capture.serviceMessages).toHaveLength(1);
    expect(pushesTo(waiting.sub)).toHaveLength(0);
  });

  it('a send whose answer was lost is not sent again: LINE refuses the used token, and no push follows', async () => {
    const { session, waiting } = await fullSession();
    const [record] = await notices('bookingReminder', waiting.userId, session.id, 1);
    w.failNextSend(500, true);
    expect((await w.dispatcher().deliver(record!)).status).toBe('retryLater');
    h.clock.advance(60_000);
    expect(await w.dispatcher().deliver(record!)).toEqual({ status: 'delivered', channels: ['service'] });
    expect(w.capture.serviceMessages).toHaveLength(1);
    expect(pushesTo(waiting.sub)).toHaveLength(0);
    expect((await outboxItem(h, record!.id))?.note).toMatch(/earlier attempt/);
  });

  it('another notice of the booking waits while one holds its token', async () => {
    const { session, waiting } = await fullSession();
    const [first, second] = await notices('bookingReminder', waiting.userId, session.id, 2);
    w.failNextSend(503);
    expect((await w.dispatcher().deliver(first!)).status).toBe('retryLater');
    expect((await w.dispatcher().deliver(second!)).status).toBe('retryLater');
    expect((await outboxItem(h, second!.id))?.lastError).toMatch(/holds its token/);
    expect(w.sends()).toHaveLength(1);
  });

  it('keeps team news on the Official Account, whatever token the player holds', async () => {
    const { team, waiting } = await fullSession();
    const item = newOutboxItem({
      id: randomId(),
      kind: 'news',
      userId: waiting.userId,
      sessionId: '',
      now: h.clock.now(),
      details: { teamId: team.id, text: '本週六停打' },
    });
    await new OutboxRepository(h.store).putIfAbsent(item);
    const record = outboxCodec.decode((await outboxItem(h, item.id))!);
    expect(await w.dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(w.sends()).toHaveLength(0);
  });

  it("counts the team's service messages beside its billable pushes", async () => {
    const { team, session, holder, waiting } = await fullSession();
    await w.dispatcher().deliver(await promotionOf(holder.token, session.id, waiting.userId));
    const { Item } = await h.store.doc
      .send(
        new QueryCommand({
          TableName: h.store.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :usage)',
          ExpressionAttributeValues: { ':pk': key.team(team.id).PK, ':usage': 'LINEUSAGE#' },
        }),
      )
      .then((r) => ({ Item: r.Items?.[0] }));
    expect(Item).toMatchObject({ service: 1 });
    expect(Item?.used ?? 0).toBe(0);
  });

  it("goes with the player's account", async () => {
    const { session, holder, waiting } = await fullSession();
    await promotionOf(holder.token, session.id, waiting.userId);
    // Promoted into the place, the player cancels it (the account cannot go while a booking stands).
    expect(
      (await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: waiting.token })).status,
    ).toBe(200);
    expect(await tokenItem(waiting.userId, session.id)).toBeDefined();
    const deleted = await h.call('checkState/account/delete', {}, { token: waiting.token });
    expect(deleted.status).toBe(200);
    expect(await tokenItem(waiting.userId, session.id)).toBeUndefined();
  });
});
