import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { messagingApi } from '@line/bot-sdk';
import { notifierRepositories } from '@shuttle/functions/app/jobs.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { lineSignature } from '@shuttle/functions/line/signature.ts';
import { LINE_WEBHOOK_PATH } from '@shuttle/functions/line/webhook.ts';
import { OutboxDispatcher } from '@shuttle/functions/notifications/dispatcher.ts';
import { OutboxRepository } from '@shuttle/functions/outbox/repository.ts';
import { translate } from '@shuttle/shared/i18n';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import type { LineApiStub } from './line-api-stub.ts';
import { startWebhook, WEBHOOK_LIFF, WEBHOOK_SECRET } from './webhook-fixture.ts';

const SECRET = WEBHOOK_SECRET;
const LIFF = WEBHOOK_LIFF;

let h: AdminHarness;
let stub: LineApiStub;
let webhook: Hono;

beforeAll(async () => {
  h = await createAdminHarness();
  ({ stub, webhook } = await startWebhook(h));
});
afterAll(async () => {
  await stub.close();
  await h.close();
});
beforeEach(() => stub.reset());

let counter = 0;
const groupId = (n: number) => `C${String(n).padStart(32, '0')}`;
type Source = { type: 'user'; userId: string } | { type: 'group'; groupId: string; userId?: string };
const inGroup = (group: string, userId = 'Umember'): Source => ({ type: 'group', groupId: group, userId });
const oneToOne = (userId: string): Source => ({ type: 'user', userId });

function event(type: string, source: Source, message?: Record<string, unknown>) {
  counter += 1;
  return {
    type,
    mode: 'active',
    timestamp: Date.now(),
    webhookEventId: `01HGROUPS${String(counter).padStart(8, '0')}`,
    deliveryContext: { isRedelivery: false },
    ...(type === 'leave' ? {} : { replyToken: `reply-token-g${counter}` }),
    source,
    ...(message ? { message: { id: String(counter), type: 'text', ...message } } : {}),
  };
}
const say = (source: Source, text: string, extra: Record<string, unknown> = {}) =>
  event('message', source, { text, ...extra });

async function post(...events: object[]) {
  const body = JSON.stringify({ destination: 'Ubot', events });
  const res = await webhook.request(LINE_WEBHOOK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-line-signature': lineSignature(body, SECRET) },
    body,
  });
  expect(res.status).toBe(200);
}

type Reply = { replyToken: string; messages: messagingApi.Message[] };
const replies = () => stub.replies().map((r) => r.body as Reply);
const zh = (path: string, vars: Record<string, string | number> = {}) =>
  translate('zh-TW', 'notifications', path, { link: LIFF, ...vars });
const textReply = (e: { replyToken?: string }, text: string) => ({
  replyToken: e.replyToken,
  messages: [{ type: 'text', text }],
});

/** Delivers every pending outbox record (the owners' alerts) with the notifier, emails into the harness. */
async function deliverPending() {
  const dispatcher = new OutboxDispatcher({
    store: h.store,
    repositories: notifierRepositories(h.store),
    clock: h.clock,
    line: null,
    mailer: h.emails,
    appBaseUrl: 'https://shuttle.example.tw',
    log: { warn: () => {}, error: () => {} },
  });
  for (const record of await new OutboxRepository(h.store).due(h.clock.now(), 100)) await dispatcher.deliver(record);
}

async function teamWithCode(email: string, name: string) {
  const admin = await h.adminWithTeam(email, name);
  const { code, expiresAt } = await h.ok<{ code: string; expiresAt: string }>('setting/lineBindCode', {}, admin.token);
  return { ...admin, code, expiresAt };
}
const boundGroup = async (token: string) =>
  (await h.ok<{ line_group_id: string }>('get-default-data', undefined, token)).line_group_id;
const groupItem = async (group: string) =>
  (
    await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.lineGroup(group), ConsistentRead: true }),
    )
  ).Item;

/** The URIs of every button of a reply's carousel. */
function carouselLinks(reply: Reply | undefined): string[] {
  const message = reply?.messages[0];
  if (message?.type !== 'flex' || message.contents.type !== 'carousel') return [];
  return message.contents.contents.flatMap((bubble) =>
    (bubble.footer?.contents ?? []).flatMap((c) =>
      c.type === 'button' && c.action.type === 'uri' && c.action.uri ? [c.action.uri] : [],
    ),
  );
}

describe('LINE groups: binding by code', () => {
  it('explains binding when added to a group', async () => {
    const join = event('join', inGroup(groupId(1)));
    await post(join);
    expect(replies()).toEqual([textReply(join, zh('line.joined'))]);
  });

  it('binds the group a code is sent in, once, and the admin sees it', async () => {
    const team = await teamWithCode('bind-owner@example.com', '綁定隊');
    expect(team.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(Date.parse(team.expiresAt) - h.clock.now().getTime()).toBe(30 * 60_000);

    const bind = say(inGroup(groupId(2)), ` ${team.code.toLowerCase()} `);
    await post(bind);

    expect(replies()).toEqual([textReply(bind, zh('line.bound', { team: '綁定隊' }))]);
    expect(await boundGroup(team.token)).toBe(groupId(2));
    expect(await groupItem(groupId(2))).toMatchObject({ teamId: team.teamId });

    stub.reset();
    const again = say(inGroup(groupId(3)), team.code);
    await post(again);
    expect(replies()).toEqual([textReply(again, zh('line.codeUsed'))]);
    expect(await groupItem(groupId(3))).toBeUndefined();
    expect(await boundGroup(team.token)).toBe(groupId(2));
  });

  it('refuses expired and replaced codes politely, and stays silent on unknown ones', async () => {
    const team = await teamWithCode('bind-late@example.com', '遲到隊');
    const expired = say(inGroup(groupId(4)), team.code);
    await h.later(30 * 60_000 + 1, () => post(expired));

    const { code: first } = await h.ok<{ code: string }>('setting/lineBindCode', {}, team.token);
    await h.ok('setting/lineBindCode', {}, team.token);
    const replaced = say(inGroup(groupId(4)), first);
    const unknown = say(inGroup(groupId(4)), 'ZZZZZZ');
    await post(replaced, unknown);

    expect(replies()).toEqual([
      textReply(expired, zh('line.codeExpired')),
      textReply(replaced, zh('line.codeExpired')),
    ]);
    expect(await boundGroup(team.token)).toBe('');
  });

  it('unbinds on leave and when the admin unbinds', async () => {
    const team = await teamWithCode('bind-leave@example.com', '離開隊');
    await post(say(inGroup(groupId(5)), team.code));
    expect(await boundGroup(team.token)).toBe(groupId(5));

    await post(event('leave', { type: 'group', groupId: groupId(5) }));
    expect(await boundGroup(team.token)).toBe('');
    expect(await groupItem(groupId(5))).toBeUndefined();

    const { code } = await h.ok<{ code: string }>('setting/lineBindCode', {}, team.token);
    await post(say(inGroup(groupId(6)), code));
    expect(await boundGroup(team.token)).toBe(groupId(6));
    const after = await h.ok<{ line_group_id: string }>('setting/lineUnbind', {}, team.token);
    expect(after.line_group_id).toBe('');
    expect(await groupItem(groupId(6))).toBeUndefined();
  });

  it("refuses another team's code in a bound group until the first team unbinds it, and tells its owner", async () => {
    const a = await teamWithCode('bind-a@example.com', '甲隊');
    const b = await teamWithCode('bind-b@example.com', '乙隊');
    await post(say(inGroup(groupId(7)), a.code));
    await post(say(inGroup(groupId(8)), b.code));
    stub.reset();
    h.emails.sent.length = 0;
    const { code } = await h.ok<{ code: string }>('setting/lineBindCode', {}, b.token);
    const hijack = say(inGroup(groupId(7)), code);
    await post(hijack);

    // Nothing moved; the group hears why, in the first team's language.
    expect(await boundGroup(a.token)).toBe(groupId(7));
    expect(await boundGroup(b.token)).toBe(groupId(8));
    expect(await groupItem(groupId(7))).toMatchObject({ teamId: a.teamId });
    expect(replies()).toEqual([textReply(hijack, zh('groupBinding.refused'))]);

    // The first team's owner gets one email (a second try within the hour adds none).
    await post(say(inGroup(groupId(7)), code));
    await deliverPending();
    const mails = h.emails.sent.filter((m) => m.to === 'bind-a@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(zh('groupBinding.emailSubject', { team: '甲隊' }));
    expect(mails[0]!.text).toContain('乙隊');
    expect(mails[0]!.text).toContain(`Group ${groupId(7)}`);

    // Once the first team unbinds, the same code binds the group to the second team.
    await h.ok('setting/lineUnbind', {}, a.token);
    await post(say(inGroup(groupId(7)), code));
    expect(await boundGroup(b.token)).toBe(groupId(7));
    expect(await groupItem(groupId(8))).toBeUndefined();
  });

  it("names the bound group on the LINE page (LINE's group summary)", async () => {
    const team = await teamWithCode('bind-name@example.com', '名稱隊');
    await post(say(inGroup(groupId(9)), team.code));
    const data = await h.ok<{ line_group_id: string; line_group_name: string }>(
      'get-default-data',
      undefined,
      team.token,
    );
    expect(data).toMatchObject({ line_group_id: groupId(9), line_group_name: `Group ${groupId(9)}` });
    expect(stub.requests.some((r) => r.method === 'GET' && r.path === `/v2/bot/group/${groupId(9)}/summary`)).toBe(
      true,
    );
    const after = await h.ok<{ line_group_name: string }>('setting/lineUnbind', {}, team.token);
    expect(after.line_group_name).toBe('');
  });
});

describe('LINE chats: commands only', () => {
  it('stays silent on chatter, in groups and 1:1', async () => {
    await post(
      say(inGroup(groupId(9)), '今晚有人要打球嗎？'),
      say(inGroup(groupId(9)), 'sessions please'),
      say(oneToOne('Uchatty'), '你好'),
      event('message', oneToOne('Uchatty'), { type: 'sticker', packageId: '1', stickerId: '1' }),
    );
    expect(stub.requests).toHaveLength(0);
  });

  it("answers 場次 in a bound group with one carousel of the team's next sessions", async () => {
    const team = await teamWithCode('cmd-sessions@example.com', '場次隊');
    const sessions = [await h.newSession(team.token, { startsInHours: 30 }), await h.newSession(team.token)];
    await post(say(inGroup(groupId(10)), team.code));
    stub.reset();

    await post(say(inGroup(groupId(10)), ' 場次 '));

    expect(stub.requests).toHaveLength(1);
    const [reply] = replies();
    expect(reply?.messages).toHaveLength(1);
    expect(reply?.messages[0]).toMatchObject({ type: 'flex', contents: { type: 'carousel' } });
    expect(carouselLinks(reply)).toEqual(sessions.map((s) => `${LIFF}/session?id=${s.id}`));
    for (const link of carouselLinks(reply)) expect(link).toMatch(/^https:\/\/liff\.line\.me\//);
  });

  it("answers in a bound group in the team's language", async () => {
    const team = await teamWithCode('cmd-language@example.com', 'English team');
    await h.ok('setting/updateGroupAnnouncements', { language: 'en' }, team.token);
    await post(say(inGroup(groupId(12)), team.code));
    expect(replies()[0]?.messages).toEqual([
      { type: 'text', text: translate('en', 'notifications', 'line.bound', { link: LIFF, team: 'English team' }) },
    ]);
    stub.reset();

    const help = say(inGroup(groupId(12)), '說明');
    await post(help);
    expect(replies()).toEqual([textReply(help, translate('en', 'notifications', 'line.help', { link: LIFF }))]);
  });

  it('answers sessions in 1:1 with open public sessions, 我的 with the bookings, mention with help', async () => {
    const team = await h.adminWithTeam('cmd-mine@example.com', '我的隊');
    const session = await h.newSession(team.token, { startsInHours: 20 });
    const [me] = await h.players(1, 'mine');
    expect((await h.join(me!.token, session.id)).status).toBe(200);

    await post(say(oneToOne(me!.sub), 'Sessions'));
    expect(carouselLinks(replies()[0])).toContain(`${LIFF}/session?id=${session.id}`);

    stub.reset();
    await post(say(oneToOne(me!.sub), '我的'));
    expect(carouselLinks(replies()[0])).toEqual([`${LIFF}/session?id=${session.id}`]);
    expect(JSON.stringify(replies()[0])).toContain(zh('line.booked'));

    stub.reset();
    const mineInGroup = say(inGroup(groupId(11)), 'MINE');
    const mention = say(inGroup(groupId(11)), '@Shuttle', {
      mention: { mentionees: [{ index: 0, length: 8, type: 'user', isSelf: true }] },
    });
    const otherMention = say(inGroup(groupId(11)), '@Amy 好', {
      mention: { mentionees: [{ index: 0, length: 4, type: 'user', isSelf: false }] },
    });
    await post(mineInGroup, mention, otherMention);
    const byToken = (a: { replyToken?: string }, b: { replyToken?: string }) =>
      String(a.replyToken).localeCompare(String(b.replyToken));
    expect(replies().sort(byToken)).toEqual(
      [textReply(mineInGroup, zh('line.mineInGroup')), textReply(mention, zh('line.help'))].sort(byToken),
    );
  });

  it('handles 50 events of one body concurrently, each once', async () => {
    const events = Array.from({ length: 50 }, (_, i) => say(oneToOne(`Ubulk${i}`), '說明'));
    const started = performance.now();
    await post(...events);
    const ms = performance.now() - started;
    console.log(`LINE webhook: 50 events answered in ${ms.toFixed(0)} ms`);

    expect(
      replies()
        .map((r) => r.replyToken)
        .sort(),
    ).toEqual(events.map((e) => e.replyToken).sort());
    await post(...events);
    expect(replies()).toHaveLength(50);
  });
});
