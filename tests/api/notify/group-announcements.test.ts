import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reminderJobDeps } from '@shuttle/functions/app/jobs.ts';
import { NOTICE_WINDOW_MINUTES } from '@shuttle/functions/bookings/notice-window.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { scheduleSignupOpenings } from '@shuttle/functions/notifications/signup-openings.ts';
import { MembershipRepository } from '@shuttle/functions/teams/membership-repository.ts';
import { translate } from '@shuttle/shared/i18n';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { dispatcherOf, engineOf, pendingOutbox, player, sessionChangesOf } from './fixtures.ts';
import { type LineApiStub, startLineApiStub } from './line-api-stub.ts';

const LIFF_ID = '1650000000-Shuttle0';
const quiet = { warn: () => {}, error: () => {} };
const g = (path: string) => translate('zh-TW', 'notifications', path);

let h: AdminHarness;
let stub: LineApiStub;
let groups = 0;

beforeAll(async () => {
  h = await createAdminHarness();
  stub = await startLineApiStub();
});
afterAll(async () => {
  await stub.close();
  await h.close();
});
beforeEach(() => stub.reset());

const dispatcher = () => dispatcherOf(h, stub, { liffId: LIFF_ID, log: quiet });

/** Delivers every pending record; returns the pushes that went to `groupId`. */
async function deliverAll(groupId: string) {
  const d = dispatcher();
  for (const record of await pendingOutbox(h)) await d.deliver(record);
  return stub.pushes().filter((p) => (p.body as { to: string }).to === groupId);
}

/** A team run by a verified admin, its group bound (as `setting/lineBindCode` would). */
async function team(options: { bound?: boolean } = {}) {
  groups += 1;
  const admin = await h.adminWithTeam(`group${groups}@example.tw`);
  const groupId = `C${String(groups).padStart(32, '0')}`;
  if (options.bound ?? true) {
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.team(admin.teamId),
        UpdateExpression: 'SET lineGroupId = :g',
        ExpressionAttributeValues: { ':g': groupId },
      }),
    );
  }
  return { ...admin, groupId };
}

describe('group announcements', () => {
  it('announces a created batch in one push: a carousel whose buttons open liff.line.me', async () => {
    const t = await team();
    const created = await h.ok<{ sessions: { id: string }[] }>(
      'createSession/createSession',
      { ...h.sessionBody({ title: '週三晚場' }), publishState: 1, repeat: { weeks: 14 } },
      t.token,
    );
    const pushes = await deliverAll(t.groupId);
    expect(pushes).toHaveLength(1);
    const body = pushes[0]!.body as { messages: { type: string; contents: { type: string; contents: unknown[] } }[] };
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0]!.contents.type).toBe('carousel');
    expect(body.messages[0]!.contents.contents).toHaveLength(12);
    expect(body.messages[1]).toMatchObject({ type: 'text' });
    expect(JSON.stringify(body.messages[1])).toContain('2');
    const json = JSON.stringify(body);
    for (const s of created.sessions.slice(0, 12)) {
      expect(json).toContain(`https://liff.line.me/${LIFF_ID}/session?id=${encodeURIComponent(s.id)}`);
    }
    expect(json).toContain(g('group.newSessions'));
    expect(json).toContain(translate('zh-TW', 'notifications', 'line.placesLeft', { count: 4 }));
  });

  it("announces a new session in the team's language", async () => {
    const t = await team();
    const data = await h.ok<{ language: string }>(
      'setting/updateGroupAnnouncements',
      { teamId: t.teamId, language: 'en' },
      t.token,
    );
    expect(data.language).toBe('en');
    const read = await h.adminCall<{ language: string }>('get-default-data', undefined, {
      token: t.token,
      method: 'GET',
    });
    expect(read.body.data!.language).toBe('en');
    await h.ok('createSession/createSession', h.sessionBody({ title: 'Wed night' }), t.token);
    const pushes = await deliverAll(t.groupId);
    expect(pushes).toHaveLength(1);
    const json = JSON.stringify(pushes[0]!.body);
    expect(json).toContain(translate('en', 'notifications', 'group.newSessions'));
    expect(json).not.toContain(g('group.newSessions'));
  });

  it('keeps the first body and retry key for a retry', async () => {
    const t = await team();
    await h.ok('createSession/createSession', h.sessionBody(), t.token);
    stub.failNext(500);
    expect(await deliverAll(t.groupId)).toHaveLength(1);
    h.clock.advance(60 * 60_000);
    const pushes = await deliverAll(t.groupId);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.raw).toBe(pushes[0]!.raw);
    expect(pushes[1]!.headers['x-line-retry-key']).toBe(pushes[0]!.headers['x-line-retry-key']);
  });

  it('posts nothing when the setting is off or the team has no group', async () => {
    const off = await team();
    await h.ok('setting/updateGroupAnnouncements', { teamId: off.teamId, newSessions: false }, off.token);
    await h.ok('createSession/createSession', h.sessionBody(), off.token);
    const unbound = await team({ bound: false });
    await h.ok('createSession/createSession', h.sessionBody(), unbound.token);
    expect(await deliverAll(off.groupId)).toHaveLength(0);
    expect(await deliverAll(unbound.groupId)).toHaveLength(0);
    const data = await h.ok<{ group_announcements: Record<string, boolean> }>(
      'setting/defaultData',
      { teamId: off.teamId },
      off.token,
    );
    expect(data.group_announcements).toEqual({
      newSessions: false,
      signupOpening: true,
      placeFreed: true,
      changes: true,
    });
  });

  it('tells the group of a place freed when nobody waits, and only promotes when somebody does', async () => {
    const t = await team();
    await h.ok('setting/updateGroupAnnouncements', { teamId: t.teamId, newSessions: false }, t.token);
    const engine = engineOf(h);
    const join = (sessionId: string, userId: string) =>
      engine.join({ sessionId, player: { userId, name: userId, pictureUrl: '' }, partySize: 1 });

    const open = await h.newSession(t.token, { capacity: 2 });
    const a = await player(h, 'Ufreed1');
    await join(open.id, a);
    await engine.cancel({ sessionId: open.id, userId: a });
    const freed = await deliverAll(t.groupId);
    expect(freed).toHaveLength(1);
    expect(JSON.stringify(freed[0]!.body)).toContain(g('group.placeFreed'));
    expect(JSON.stringify(freed[0]!.body)).toContain(`session?id=${encodeURIComponent(open.id)}`);

    stub.reset();
    const full = await h.newSession(t.token, { capacity: 1 });
    const holder = await player(h, 'Ufreed2');
    const waiting = await player(h, 'Ufreed3');
    await join(full.id, holder);
    await join(full.id, waiting);
    await engine.cancel({ sessionId: full.id, userId: holder });
    expect(await deliverAll(t.groupId)).toHaveLength(0);
    expect(stub.pushes().map((p) => (p.body as { to: string }).to)).toEqual(['Ufreed3']);
  });

  it('tells the group of a venue change and of a cancellation', async () => {
    const t = await team();
    await h.ok('setting/updateGroupAnnouncements', { teamId: t.teamId, newSessions: false }, t.token);
    const session = await h.newSession(t.token, { title: '週五場' });
    await sessionChangesOf(h).changeSession(session.id, { venue: '新場地運動中心' });
    // Change notices are due when their window ends (functions/src/app/LIMITS.md, "Fan-out").
    const changed = await h.later(NOTICE_WINDOW_MINUTES * 60_000, () => deliverAll(t.groupId));
    expect(changed).toHaveLength(1);
    expect(JSON.stringify(changed[0]!.body)).toContain('新場地運動中心');
    expect(JSON.stringify(changed[0]!.body)).toContain(g('group.changed'));
    expect(changed[0]!.headers['x-line-retry-key']).toMatch(/^[0-9a-f-]{36}$/);

    stub.reset();
    await sessionChangesOf(h).deleteSession(session.id);
    const cancelled = await deliverAll(t.groupId);
    expect(cancelled).toHaveLength(1);
    expect(JSON.stringify(cancelled[0]!.body)).toContain('週五場');
  });

  it('announces a sign-up opening once, from the scheduled job', async () => {
    const t = await team();
    await h.ok('setting/updateGroupAnnouncements', { teamId: t.teamId, newSessions: false }, t.token);
    const opensAt = new Date(h.clock.now().getTime() + 30 * 60_000).toISOString();
    const session = await h.newSession(t.token, { signupOpensAt: opensAt, title: '開放報名場' });
    const job = () => scheduleSignupOpenings(reminderJobDeps({ store: h.store, clock: h.clock }));
    expect((await job()).written).toBe(0);
    h.clock.advance(31 * 60_000);
    expect((await job()).written).toBe(1);
    expect((await job()).written).toBe(0);
    const pushes = await deliverAll(t.groupId);
    expect(pushes).toHaveLength(1);
    expect(JSON.stringify(pushes[0]!.body)).toContain(g('group.signupOpening'));
    expect(JSON.stringify(pushes[0]!.body)).toContain(`session?id=${encodeURIComponent(session.id)}`);
  });

  it('skips a notice whose group was unbound before delivery', async () => {
    const t = await team();
    await h.ok('createSession/createSession', h.sessionBody(), t.token);
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.team(t.teamId),
        UpdateExpression: 'SET lineGroupId = :none',
        ExpressionAttributeValues: { ':none': '' },
      }),
    );
    expect(await deliverAll(t.groupId)).toHaveLength(0);
  });
});

describe('team news', () => {
  it('goes to the group, 1:1 by LINE only to members who asked for it, and by email', async () => {
    const t = await team();
    const members = new MembershipRepository(h.store);
    const wants = await player(h, 'Unews1', { preferences: { newsDirect: true } });
    const optedOut = await player(h, 'Unews2', { preferences: { news: false } });
    const byEmail = await player(h, 'Unews3', { email: 'news3@example.tw' });
    for (const userId of [wants, optedOut, byEmail]) {
      await members.join(t.teamId, { userId, name: userId, pictureUrl: '' }, h.clock.now());
    }
    const posted = await h.ok<{ members: number; group: boolean }>(
      'team/postNews',
      { teamId: t.teamId, text: '本週六加開一場！' },
      t.token,
    );
    expect(posted).toEqual({ members: 3, group: true });

    const group = await deliverAll(t.groupId);
    expect(group).toHaveLength(1);
    expect(JSON.stringify(group[0]!.body)).toContain('本週六加開一場！');
    const to = stub.pushes().map((p) => (p.body as { to: string }).to);
    // Unews3 keeps news on without a 1:1 wish: the group tells them, LINE does not bill them twice.
    expect(to.sort()).toEqual([t.groupId, 'Unews1'].sort());
    expect(to).not.toContain('Unews2');
    expect(h.emails.sent.map((m) => m.to)).toContain('news3@example.tw');
  });

  it('sends email instead of LINE to verified members near the quota', async () => {
    const t = await team({ bound: false });
    const withEmail = await player(h, 'Unews4', { email: 'news4@example.tw' });
    await new MembershipRepository(h.store).join(
      t.teamId,
      { userId: withEmail, name: 'n4', pictureUrl: '' },
      h.clock.now(),
    );
    stub.setQuota(1000, 995);
    await h.ok('team/postNews', { teamId: t.teamId, text: '停打一週' }, t.token);
    h.emails.sent.length = 0;
    await deliverAll(t.groupId);
    stub.setQuota(null, 0);
    expect(stub.pushes()).toHaveLength(0);
    expect(h.emails.sent.map((m) => m.to)).toEqual(['news4@example.tw']);
  });
});
