import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOTICE_WINDOW_MINUTES } from '@shuttle/functions/bookings/notice-window.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { translate } from '@shuttle/shared/i18n';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { dispatcherOf, engineOf, outboxItem, pendingOutbox, player } from './fixtures.ts';
import { type LineApiStub, startLineApiStub } from './line-api-stub.ts';

/**
 * Bounded fan-out (functions/src/app/LIMITS.md, "Fan-out"): a burst of changes gives each player one
 * notice, LINE pushes of one admin request stay within the stated maximum, every
 * notice-producing call counts against its team, 1:1 pushes have a daily cap per team, and
 * news goes to a bound group instead of 1:1.
 */

const quiet = { warn: () => {}, error: () => {} };
/** functions/src/app/LIMITS.md, "Fan-out": one session change window pushes at most one notice per player (98 at most) and one group post. */
const MAX_LINE_PUSHES_PER_CHANGE = 98 + 1;

let h: AdminHarness;
let stub: LineApiStub;
let teams = 0;

beforeAll(async () => {
  h = await createAdminHarness();
  stub = await startLineApiStub();
});
afterAll(async () => {
  await stub.close();
  await h.close();
});
beforeEach(async () => {
  // Whatever earlier tests left pending (later windows) is delivered first, out of the way.
  await h.later(24 * 3600_000, deliverDue);
  stub.reset();
  h.emails.sent.length = 0;
});

const setTeam = (teamId: string, expression: string, values: Record<string, unknown>) =>
  h.store.doc.send(
    new UpdateCommand({
      TableName: h.store.tableName,
      Key: key.team(teamId),
      UpdateExpression: expression,
      ExpressionAttributeValues: values,
    }),
  );

/** A team whose LINE group is bound (as a binding code would set it). */
async function team() {
  teams += 1;
  const admin = await h.adminWithTeam(`fanout${teams}@example.tw`);
  const groupId = `C${String(teams).padStart(31, '0')}f`;
  await setTeam(admin.teamId, 'SET lineGroupId = :g', { ':g': groupId });
  return { ...admin, groupId };
}

/** Delivers every pending record that is due by the harness clock. */
async function deliverDue() {
  const d = dispatcherOf(h, stub, { liffId: undefined, log: quiet });
  const records = await pendingOutbox(h);
  const outcomes = [];
  for (const record of records) outcomes.push({ record, outcome: await d.deliver(record) });
  return outcomes;
}

const pushedTo = () => stub.pushes().map((p) => (p.body as { to: string }).to);

describe('a burst of session changes', () => {
  it('gives each of 38 booked players one notice with the final state, and stays within the stated maximum', async () => {
    const t = await team();
    const session = await h.newSession(t.token, { capacity: 40, venue: '原本運動中心' });
    const engine = engineOf(h);
    const subs = Array.from({ length: 38 }, (_, i) => `Ufan${String(i).padStart(3, '0')}`);
    const userIds = await Promise.all(subs.map((sub) => player(h, sub)));
    for (const userId of userIds) {
      await engine.join({ sessionId: session.id, player: { userId, name: userId, pictureUrl: '' }, partySize: 1 });
    }
    await deliverDue(); // the group's new-session announcement
    stub.reset();

    for (let i = 1; i <= 20; i++) {
      const changed = await h.ok<{ notified: number }>(
        'courtSession/updateVenue',
        { sessionId: session.id, venue: `新場地${i}號` },
        t.token,
      );
      expect(changed.notified).toBe(38);
    }

    // One record per player and one for the group, none due yet.
    const pending = (await pendingOutbox(h)).filter(
      (r) => r.sessionId === session.id || ('sessionIds' in r && r.sessionIds?.includes(session.id)),
    );
    expect(
      pending
        .filter((r) => r.kind === 'sessionChanged')
        .map((r) => r.userId)
        .sort(),
    ).toEqual([...userIds].sort());
    expect(pending.filter((r) => r.kind === 'groupSessionChanged')).toHaveLength(1);
    await deliverDue();
    expect(stub.pushes()).toHaveLength(0);

    const outcomes = await h.later(NOTICE_WINDOW_MINUTES * 60_000, deliverDue);
    const pushes = pushedTo();
    expect(pushes.filter((to) => subs.includes(to)).sort()).toEqual([...subs].sort());
    expect(pushes.filter((to) => to === t.groupId)).toHaveLength(1);
    expect(pushes.length).toBeLessThanOrEqual(MAX_LINE_PUSHES_PER_CHANGE);
    expect(outcomes.filter((o) => o.outcome.status === 'delivered')).toHaveLength(39);

    // The notice tells the final venue and the one before the burst (old -> new).
    const first = stub.pushes().find((p) => (p.body as { to: string }).to === subs[0]);
    const text = JSON.stringify(first?.body);
    expect(text).toContain('新場地20號');
    expect(text).toContain('原本運動中心');
    expect(text).not.toContain('新場地19號');
    expect(text).toContain(translate('zh-TW', 'notifications', 'sessionChanged.title'));

    // Changes after the window start a new one: one more notice each, later.
    stub.reset();
    await h.later(NOTICE_WINDOW_MINUTES * 60_000 + 1000, async () => {
      await h.ok('courtSession/updateVenue', { sessionId: session.id, venue: '再換場地' }, t.token);
      expect((await deliverDue()).length).toBeGreaterThan(0);
      expect(stub.pushes()).toHaveLength(0);
    });
  });

  it('sends nothing for a burst that ends where it began, and a deletion cancels at once instead', async () => {
    const t = await team();
    const session = await h.newSession(t.token, { venue: '甲運動中心' });
    const userId = await player(h, 'Ufanundo');
    await engineOf(h).join({ sessionId: session.id, player: { userId, name: 'u', pictureUrl: '' }, partySize: 1 });
    await deliverDue();
    stub.reset();
    await h.ok('courtSession/updateVenue', { sessionId: session.id, venue: '乙運動中心' }, t.token);
    await h.ok('courtSession/updateVenue', { sessionId: session.id, venue: '甲運動中心' }, t.token);
    const undone = await h.later(NOTICE_WINDOW_MINUTES * 60_000, deliverDue);
    expect(undone.map((o) => o.outcome)).toContainEqual({
      status: 'skipped',
      reason: 'the changes were undone before the notice was due',
    });
    expect(stub.pushes()).toHaveLength(0);

    const moved = await h.newSession(t.token, { venue: '丙運動中心' });
    await engineOf(h).join({ sessionId: moved.id, player: { userId, name: 'u', pictureUrl: '' }, partySize: 1 });
    await deliverDue();
    stub.reset();
    await h.ok('courtSession/updateVenue', { sessionId: moved.id, venue: '丁運動中心' }, t.token);
    await h.ok('courtSession/delete', { sessionId: moved.id }, t.token);
    await deliverDue();
    // The cancellation goes out at once, to the player and the group.
    expect(pushedTo().sort()).toEqual(['Ufanundo', t.groupId].sort());
    stub.reset();
    const later = await h.later(NOTICE_WINDOW_MINUTES * 60_000, deliverDue);
    expect(stub.pushes()).toHaveLength(0);
    expect(later.filter((o) => o.outcome.status === 'skipped').length).toBeGreaterThanOrEqual(2);
  });
});

describe("a team's daily cap of 1:1 pushes", () => {
  it('sends past the cap to the group (changes), by email, or only in the app', async () => {
    const t = await team();
    await setTeam(t.teamId, 'SET lineDailyPushLimit = :n', { ':n': 1 });
    const session = await h.newSession(t.token, { capacity: 4, venue: '上限運動中心' });
    const ids = [await player(h, 'Ucap1'), await player(h, 'Ucap2', { email: 'cap2@example.tw' })];
    for (const userId of ids) {
      await engineOf(h).join({ sessionId: session.id, player: { userId, name: userId, pictureUrl: '' }, partySize: 1 });
    }
    await h.ok('courtSession/updateVenue', { sessionId: session.id, venue: '上限新場地' }, t.token);
    const outcomes = await h.later(NOTICE_WINDOW_MINUTES * 60_000, deliverDue);

    const players = pushedTo().filter((to) => to.startsWith('Ucap'));
    expect(players).toHaveLength(1);
    expect(pushedTo()).toContain(t.groupId);
    const items = await Promise.all(outcomes.map((o) => outboxItem(h, o.record.id)));
    const capped = items.find((r) => r?.kind === 'sessionChanged' && !r.channels?.includes('line'));
    expect(capped?.note).toMatch(/team's daily 1:1 LINE cap reached \(1 pushes today\): told in the team's group/);
  });
});

describe('team news with a bound group', () => {
  it('goes to the group once and 1:1 only to members who asked for it', async () => {
    const t = await team();
    const plain = await player(h, 'Unews1');
    const direct = await player(h, 'Unews2', { preferences: { newsDirect: true } });
    for (const token of [await h.login('Unews1', 'n1'), await h.login('Unews2', 'n2')]) {
      await h.call('checkState/member/joinTeam', { teamId: t.teamId }, { token });
    }
    await h.ok('team/postNews', { teamId: t.teamId, text: '週六聚餐' }, t.token);
    const outcomes = await deliverDue();
    expect(pushedTo().sort()).toEqual(['Unews2', t.groupId].sort());
    const plainNotice = outcomes.find((o) => o.record.userId === plain);
    expect(plainNotice?.outcome).toEqual({
      status: 'skipped',
      reason: "told in the team's group (no 1:1 news wished)",
    });
    expect(outcomes.find((o) => o.record.userId === direct)?.outcome).toMatchObject({ status: 'delivered' });
  });
});

describe('the per-team limit of notice-producing calls', () => {
  let limited: AdminHarness;
  beforeAll(async () => {
    limited = await createAdminHarness({ rateLimits: { enabled: true, buckets: { teamNotices: { limit: 2 } } } });
  });
  afterAll(() => limited.close());

  it('refuses the third call of a team with 429, and another team is not affected', async () => {
    const a = await limited.adminWithTeam('limit-a@example.tw');
    const b = await limited.adminWithTeam('limit-b@example.tw');
    const session = await limited.newSession(a.token);
    const other = await limited.newSession(b.token);
    await limited.ok('courtSession/updateVenue', { sessionId: session.id, venue: '一' }, a.token);
    await limited.ok('team/postNews', { teamId: a.teamId, text: '公告' }, a.token);
    const third = await limited.adminCall(
      'courtSession/updateVenue',
      { sessionId: session.id, venue: '三' },
      { token: a.token },
    );
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    // Refused: nothing changed.
    const detail = await limited.ok<{ venue: string }>('courtSession/getDetail', { sessionId: session.id }, a.token);
    expect(detail.venue).toBe('一');
    await limited.ok('courtSession/updateVenue', { sessionId: other.id, venue: '乙' }, b.token);
  });
});
