import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { messagingApi } from '@line/bot-sdk';
import { key } from '@shuttle/functions/db/keys.ts';
import { parsePostback } from '@shuttle/functions/line/postbacks.ts';
import { SessionRepository } from '@shuttle/functions/sessions/repository.ts';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../../support/harness.ts';
import { expectSessionInvariants } from '../../support/invariants.ts';
import { engineOf, player } from './fixtures.ts';
import type { LineApiStub } from './line-api-stub.ts';
import { bindGroup, deliver, inGroup, lineEvent, oneToOne, postback, repliesOf } from './postback-events.ts';
import { startWebhook, WEBHOOK_LIFF } from './webhook-fixture.ts';

/**
 * Card postbacks (docs/LINE.md, "Postback actions") through the signed webhook on DynamoDB
 * Local, asserting the exact Reply API requests that leave the process.
 */

let h: ApiHarness;
let stub: LineApiStub;
let webhook: Hono;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
let sessions: SessionRepository;

beforeAll(async () => {
  h = await createApiHarness();
  ({ stub, webhook } = await startWebhook(h));
  team = await h.putTeam({ name: '回傳隊' });
  sessions = new SessionRepository(h.store);
});
afterAll(async () => {
  await stub.close();
  await h.close();
});
beforeEach(() => stub.reset());

let groups = 0;
async function boundGroup() {
  groups += 1;
  const groupId = `C${String(groups).padStart(32, 'a')}`;
  await bindGroup(h.store, groupId, team.id);
  return groupId;
}
const data = (action: string, sessionId: string) => `action=${action}&sessionId=${sessionId}`;
const mention = (userId: string, text: string): messagingApi.TextMessageV2 => ({
  type: 'textV2',
  text,
  substitution: { user: { type: 'mention', mentionee: { type: 'user', userId } } },
});
const booking = async (sessionId: string, userId: string) => (await sessions.withBooking(sessionId, userId)).booking;
/** The postback buttons of a Flex bubble: each action's label and data. */
const postbacksOf = (bubble: messagingApi.FlexBubble | undefined) =>
  JSON.stringify(bubble?.footer ?? {}).match(/"type":"postback","label":"[^"]*","data":"[^"]*"/g) ?? [];

describe('postback data', () => {
  it('is exactly action=<join|cancel|accept|decline>&sessionId=<id>', () => {
    expect(parsePostback('action=join&sessionId=s-1')).toEqual({ action: 'join', sessionId: 's-1' });
    expect(parsePostback('action=decline&sessionId=s-2')).toEqual({ action: 'decline', sessionId: 's-2' });
    expect(parsePostback('action=book&sessionId=s-1')).toBeNull();
    expect(parsePostback('action=join')).toBeNull();
    expect(parsePostback(`action=join&sessionId=${'x'.repeat(65)}`)).toBeNull();
  });
});

describe('join from a card', () => {
  it('in a bound group: books through the engine and mentions the player with the places left', async () => {
    const group = await boundGroup();
    await player(h, 'Upbgroup1');
    const session = await h.putSession(team, { capacity: 3, title: '週四晚場' });
    const tap = postback(inGroup(group, 'Upbgroup1'), data('join', session.id));

    expect((await deliver(webhook, tap)).status).toBe(200);

    expect(repliesOf(stub)).toEqual([
      { replyToken: tap.replyToken, messages: [mention('Upbgroup1', '{user} 報名了「週四晚場」，剩 2 位')] },
    ]);
    expect(await booking(session.id, 'line_Upbgroup1')).toMatchObject({ status: 'accepted', partySize: 1 });
    await expectSessionInvariants(h.store, session.id);
  });

  it('books once when LINE delivers the event twice, even after the handled mark was lost', async () => {
    const group = await boundGroup();
    await player(h, 'Upbtwice');
    const session = await h.putSession(team, { capacity: 3, title: '重送場' });
    const tap = postback(inGroup(group, 'Upbtwice'), data('join', session.id));

    await deliver(webhook, tap);
    await deliver(webhook, { ...tap, deliveryContext: { isRedelivery: true } });
    expect(repliesOf(stub)).toHaveLength(1);

    // A redelivery after a failed reply (the mark is forgotten): the engine's idempotency key is the event id.
    await h.store.doc.send(
      new DeleteCommand({ TableName: h.store.tableName, Key: key.lineWebhookEvent(tap.webhookEventId) }),
    );
    await deliver(webhook, { ...tap, deliveryContext: { isRedelivery: true } });

    const [first, again] = repliesOf(stub);
    expect(again).toEqual(first);
    expect(first?.messages).toEqual([mention('Upbtwice', '{user} 報名了「重送場」，剩 2 位')]);
    const after = await sessions.require(session.id);
    expect(after.acceptedCount).toBe(1);
    await expectSessionInvariants(h.store, session.id);
  });

  it('1:1: answers with a receipt card in the player’s language, with its cancel button', async () => {
    await player(h, 'Upbsolo', { language: 'en' });
    const session = await h.putSession(team, { capacity: 5, title: 'Friday smash' });
    const tap = postback(oneToOne('Upbsolo'), data('join', session.id));

    await deliver(webhook, tap);

    const [reply] = repliesOf(stub);
    expect(reply?.replyToken).toBe(tap.replyToken);
    const card = reply?.messages[0] as messagingApi.FlexMessage;
    expect(card.type).toBe('flex');
    expect(card.altText).toMatch(/^Booked: Friday smash \(/);
    const bubble = card.contents as messagingApi.FlexBubble;
    expect(bubble.body?.contents[0]).toMatchObject({ type: 'text', text: 'Booked' });
    expect(postbacksOf(bubble)).toEqual([
      `"type":"postback","label":"Cancel","data":"action=cancel&sessionId=${session.id}"`,
    ]);
    expect(await booking(session.id, 'line_Upbsolo')).toMatchObject({ status: 'accepted' });
  });

  it('answers a LINE user who never signed in with a LIFF link that finishes the join, and books nothing', async () => {
    const group = await boundGroup();
    const session = await h.putSession(team, { capacity: 3 });
    const tap = postback(inGroup(group, 'Upbstranger'), data('join', session.id));

    await deliver(webhook, tap);

    const link = `${WEBHOOK_LIFF}/session?id=${session.id}&action=join`;
    expect(repliesOf(stub)).toEqual([
      {
        replyToken: tap.replyToken,
        messages: [{ type: 'text', text: `請先登入 Shuttle，登入後會完成這個操作：${link}` }],
      },
    ]);
    expect(await booking(session.id, 'line_Upbstranger')).toBeUndefined();
    expect((await sessions.require(session.id)).acceptedCount).toBe(0);
  });

  it('reaches the player a deleted account was re-created as (line_<id>.<n>)', async () => {
    await player(h, 'Upbreborn');
    expect((await h.call('checkState/account/delete', {}, { token: await h.login('Upbreborn') })).status).toBe(200);
    await h.login('Upbreborn');
    const session = await h.putSession(team, { capacity: 3 });

    await deliver(webhook, postback(oneToOne('Upbreborn'), data('join', session.id)));

    expect(await booking(session.id, 'line_Upbreborn.1')).toMatchObject({ status: 'accepted' });
    expect(await booking(session.id, 'line_Upbreborn')).toBeUndefined();
  });

  it('a full session: the player joins the waitlist and the reply names the place', async () => {
    const group = await boundGroup();
    await player(h, 'Upbfull');
    const session = await h.putSession(team, { capacity: 1, title: '滿場' });
    await engineOf(h).join({
      sessionId: session.id,
      partySize: 1,
      player: { userId: 'line_Uholder', name: 'h', pictureUrl: '' },
    });
    const tap = postback(inGroup(group, 'Upbfull'), data('join', session.id));

    await deliver(webhook, tap);

    expect(repliesOf(stub)[0]?.messages).toEqual([mention('Upbfull', '{user} 候補「滿場」第 1 位')]);
    expect(await booking(session.id, 'line_Upbfull')).toMatchObject({ status: 'waiting' });
    await expectSessionInvariants(h.store, session.id);
  });

  it('a lottery window: the player is entered in the draw, no seat taken', async () => {
    await player(h, 'Upblottery');
    const session = await h.putSession(team, {
      capacity: 4,
      title: '抽籤場',
      signupMode: 'lottery',
      lotteryMinutes: 60,
      signupOpensAt: h.clock.now().toISOString(),
    });
    const tap = postback(oneToOne('Upblottery'), data('join', session.id));

    await deliver(webhook, tap);

    const card = repliesOf(stub)[0]?.messages[0] as messagingApi.FlexMessage;
    expect(card.altText).toMatch(/^已登記抽籤，.+ 開獎：抽籤場（/);
    expect(await booking(session.id, 'line_Upblottery')).toMatchObject({ status: 'entered' });
    expect((await sessions.require(session.id)).acceptedCount).toBe(0);
  });

  it('refuses a team-only session politely, mentioning the player in the group, and books nothing', async () => {
    const group = await boundGroup();
    await player(h, 'Upboutsider');
    const session = await h.putSession(team, { isPublic: false, title: '隊內場' });
    const inChat = postback(inGroup(group, 'Upboutsider'), data('join', session.id));
    const alone = postback(oneToOne('Upboutsider'), data('join', session.id));

    await deliver(webhook, inChat);
    await deliver(webhook, alone);

    expect(repliesOf(stub)).toEqual([
      { replyToken: inChat.replyToken, messages: [mention('Upboutsider', '{user} 抱歉，這個場次僅限球隊成員。')] },
      { replyToken: alone.replyToken, messages: [{ type: 'text', text: '抱歉，這個場次僅限球隊成員。' }] },
    ]);
    expect(await booking(session.id, 'line_Upboutsider')).toBeUndefined();
  });

  it('refuses a player whose declared level is outside the range (docs/ON-COURT.md, "Level filters")', async () => {
    await player(h, 'Upblevel');
    await h.call('checkState/setting/level', { level: 3 }, { token: await h.login('Upblevel', 'Player Upblevel') });
    const session = await h.putSession(team, { levelMin: 8, levelMax: 12, title: '中進階' });
    const alone = postback(oneToOne('Upblevel'), data('join', session.id));

    await deliver(webhook, alone);

    expect(repliesOf(stub)).toEqual([
      { replyToken: alone.replyToken, messages: [{ type: 'text', text: '抱歉，你的程度不在這個場次的範圍內。' }] },
    ]);
    expect(await booking(session.id, 'line_Upblevel')).toBeUndefined();
  });

  it('escapes braces of a session title in a text v2 reply', async () => {
    const group = await boundGroup();
    await player(h, 'Upbbraces');
    const session = await h.putSession(team, { capacity: 2, title: '{週五} 場' });

    await deliver(webhook, postback(inGroup(group, 'Upbbraces'), data('join', session.id)));

    expect(repliesOf(stub)[0]?.messages).toEqual([mention('Upbbraces', '{user} 報名了「{{週五}} 場」，剩 1 位')]);
  });
});

describe('cancel, accept and decline from a card', () => {
  it('cancels the player’s booking 1:1 and promotes the waitlist head', async () => {
    await player(h, 'Upbcancel');
    const session = await h.putSession(team, { capacity: 1, title: '取消場' });
    await deliver(webhook, postback(oneToOne('Upbcancel'), data('join', session.id)));
    await engineOf(h).join({
      sessionId: session.id,
      partySize: 1,
      player: { userId: 'line_Unext', name: 'n', pictureUrl: '' },
    });
    stub.reset();

    await deliver(webhook, postback(oneToOne('Upbcancel'), data('cancel', session.id)));

    const card = repliesOf(stub)[0]?.messages[0] as messagingApi.FlexMessage;
    expect(card.altText).toMatch(/^已取消報名：取消場（/);
    expect(postbacksOf(card.contents as messagingApi.FlexBubble)).toEqual([]);
    expect(await booking(session.id, 'line_Upbcancel')).toMatchObject({ status: 'cancelled' });
    expect(await booking(session.id, 'line_Unext')).toMatchObject({ status: 'accepted' });
    await expectSessionInvariants(h.store, session.id);
  });

  it('accepts and declines an offered place', async () => {
    const group = await boundGroup();
    await Promise.all(['Upboffer1', 'Upboffer2', 'Upboffer3'].map((sub) => player(h, sub)));
    const session = await h.putSession(team, { capacity: 1, waitlistOfferMinutes: 30, title: '保留場' });
    const engine = engineOf(h);
    for (const sub of ['Upboffer1', 'Upboffer2', 'Upboffer3']) {
      await engine.join({
        sessionId: session.id,
        partySize: 1,
        player: { userId: `line_${sub}`, name: sub, pictureUrl: '' },
      });
    }
    await engine.cancel({ sessionId: session.id, userId: 'line_Upboffer1' });
    expect(await booking(session.id, 'line_Upboffer2')).toMatchObject({ status: 'offered' });

    const decline = postback(inGroup(group, 'Upboffer2'), data('decline', session.id));
    await deliver(webhook, decline);
    expect(await booking(session.id, 'line_Upboffer3')).toMatchObject({ status: 'offered' });
    const accept = postback(oneToOne('Upboffer3'), data('accept', session.id));
    await deliver(webhook, accept);

    const [declined, accepted] = repliesOf(stub);
    expect(declined?.messages).toEqual([mention('Upboffer2', '{user} 放棄了「保留場」的名額')]);
    const acceptedCard = accepted?.messages[0] as messagingApi.FlexMessage | undefined;
    expect(acceptedCard?.altText).toMatch(/^已接受保留名額：保留場（/);
    expect(await booking(session.id, 'line_Upboffer3')).toMatchObject({ status: 'accepted' });
    await expectSessionInvariants(h.store, session.id);
  });
});

describe('cards carry the buttons', () => {
  it('場次 cards join; 我的 cards cancel or answer an offer', async () => {
    const group = await boundGroup();
    await player(h, 'Upbcards');
    const session = await h.putSession(team, {
      capacity: 1,
      waitlistOfferMinutes: 30,
      title: '按鈕場',
      startsInHours: 3,
    });
    await deliver(
      webhook,
      lineEvent('message', inGroup(group, 'Upbcards'), { message: { id: 'm1', type: 'text', text: '場次' } }),
    );
    const carousel = repliesOf(stub)[0]?.messages[0] as messagingApi.FlexMessage;
    const bubbles = (carousel.contents as messagingApi.FlexCarousel).contents;
    const card = bubbles.find((b) => JSON.stringify(b).includes(session.id));
    expect(postbacksOf(card)).toEqual([
      `"type":"postback","label":"報名","data":"action=join&sessionId=${session.id}"`,
    ]);

    await deliver(webhook, postback(oneToOne('Upbcards'), data('join', session.id)));
    stub.reset();
    await deliver(
      webhook,
      lineEvent('message', oneToOne('Upbcards'), { message: { id: 'm2', type: 'text', text: '我的' } }),
    );
    const mine = repliesOf(stub)[0]?.messages[0] as messagingApi.FlexMessage;
    const own = (mine.contents as messagingApi.FlexCarousel).contents.find((b) =>
      JSON.stringify(b).includes(session.id),
    );
    expect(postbacksOf(own)).toEqual([
      `"type":"postback","label":"取消","data":"action=cancel&sessionId=${session.id}"`,
    ]);
  });
});
