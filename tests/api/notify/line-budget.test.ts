import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOTICE_WINDOW_MINUTES } from '@shuttle/functions/bookings/notice-window.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { MembershipRepository } from '@shuttle/functions/teams/membership-repository.ts';
import { taipeiMonth } from '@shuttle/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { dispatcherOf, engineOf, outboxItem, pendingOutbox, player, sessionChangesOf } from './fixtures.ts';
import { type LineApiStub, startLineApiStub } from './line-api-stub.ts';

const quiet = { warn: () => {}, error: () => {} };

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
beforeEach(() => stub.reset());

const dispatcher = () => dispatcherOf(h, stub, { liffId: undefined, log: quiet });

/** Delivers every pending record with one dispatcher; returns what each delivery did. */
async function deliverAll(d = dispatcher()) {
  const records = await pendingOutbox(h);
  for (const record of records) await d.deliver(record);
  return records;
}

/** A team with a bound group (as a binding code would set it). */
async function team() {
  teams += 1;
  const admin = await h.adminWithTeam(`budget${teams}@example.tw`);
  const groupId = `C${String(teams).padStart(31, '0')}b`;
  await h.store.doc.send(
    new UpdateCommand({
      TableName: h.store.tableName,
      Key: key.team(admin.teamId),
      UpdateExpression: 'SET lineGroupId = :g',
      ExpressionAttributeValues: { ':g': groupId },
    }),
  );
  return { ...admin, groupId };
}

type Usage = { month: string; used: number; budget: number };
async function usageOf(t: { teamId: string; token: string }): Promise<Usage> {
  const query = { teamId: t.teamId };
  const res = await h.adminCall<{ line_usage: Usage }>('get-default-data', query, { method: 'GET', token: t.token });
  expect(res.status).toBe(200);
  return res.body.data!.line_usage;
}

describe("a team's monthly LINE budget", () => {
  it('counts a group push as the group member count and shows it in get-default-data', async () => {
    const t = await team();
    expect(await usageOf(t)).toEqual({ month: taipeiMonth(h.clock.now()), used: 0, budget: 0, service: 0 });
    stub.setGroupMemberCount(37);
    const d = dispatcher();
    await h.ok('createSession/createSession', h.sessionBody(), t.token);
    await deliverAll(d);
    expect(stub.pushes().filter((p) => (p.body as { to: string }).to === t.groupId)).toHaveLength(1);
    expect((await usageOf(t)).used).toBe(37);

    // The size is read once an hour per group: a second push within the hour asks LINE nothing.
    await h.ok('createSession/createSession', h.sessionBody({ title: '第二場' }), t.token);
    await deliverAll(d);
    expect(stub.groupSizeReads()).toHaveLength(1);
    expect((await usageOf(t)).used).toBe(74);

    const data = await h.ok<{ line_usage: Usage }>(
      'setting/updateGroupAnnouncements',
      { teamId: t.teamId, line_monthly_budget: 500 },
      t.token,
    );
    expect(data.line_usage).toMatchObject({ used: 74, budget: 500 });
  });

  it('over budget: skips a new-session announcement and sends member news by email, noting why', async () => {
    const t = await team();
    const members = new MembershipRepository(h.store);
    // Both asked for news 1:1 (with the group bound, others are told in the group: fan-out.test.ts).
    const byEmail = await player(h, 'Ubudget1', { email: 'budget1@example.tw', preferences: { newsDirect: true } });
    const lineOnly = await player(h, 'Ubudget2', { preferences: { newsDirect: true } });
    for (const userId of [byEmail, lineOnly]) {
      await members.join(t.teamId, { userId, name: userId, pictureUrl: '' }, h.clock.now());
    }
    stub.setGroupMemberCount(37);
    await h.ok('setting/updateGroupAnnouncements', { teamId: t.teamId, line_monthly_budget: 30 }, t.token);
    await h.ok('createSession/createSession', h.sessionBody(), t.token);
    await deliverAll();
    expect((await usageOf(t)).used).toBe(37);

    stub.reset();
    stub.setGroupMemberCount(37);
    h.emails.sent.length = 0;
    await h.ok('createSession/createSession', h.sessionBody({ title: '超出預算' }), t.token);
    await h.ok('team/postNews', { teamId: t.teamId, text: '本週六停打' }, t.token);
    const records = await deliverAll();

    const to = stub.pushes().map((p) => (p.body as { to: string }).to);
    // The group news is essential and still pushed; the member without email still gets LINE.
    expect(to.sort()).toEqual([t.groupId, 'Ubudget2'].sort());
    expect(h.emails.sent.map((m) => m.to)).toEqual(['budget1@example.tw']);
    const notes = await Promise.all(records.map((r) => outboxItem(h, r.id)));
    const announcement = notes.find((r) => r?.kind === 'groupNewSessions');
    expect(announcement).toMatchObject({ status: 'skipped' });
    expect(announcement?.note).toMatch(/team LINE budget reached \(\d+\/30 messages this month\): not pushed/);
    const news = notes.find((r) => r?.kind === 'news' && r.userId === byEmail);
    expect(news).toMatchObject({ status: 'delivered', channels: ['email'] });
    expect(news?.note).toMatch(/team LINE budget reached \(\d+\/30 messages this month\): email instead of LINE/);
    expect((await usageOf(t)).used).toBe(37 + 37 + 1);
  });

  it("over budget with a bound group: a session change is told in the team's group, not pushed 1:1", async () => {
    const t = await team();
    const engine = engineOf(h);
    const session = await h.newSession(t.token, { capacity: 4 });
    const byEmail = await player(h, 'Udigest1', { email: 'digest1@example.tw' });
    const lineOnly = await player(h, 'Udigest2');
    for (const userId of [byEmail, lineOnly]) {
      await engine.join({ sessionId: session.id, player: { userId, name: userId, pictureUrl: '' }, partySize: 1 });
    }
    stub.setGroupMemberCount(37);
    await deliverAll();
    await h.ok('setting/updateGroupAnnouncements', { teamId: t.teamId, line_monthly_budget: 30 }, t.token);
    expect((await usageOf(t)).used).toBeGreaterThanOrEqual(30);

    stub.reset();
    stub.setGroupMemberCount(37);
    h.emails.sent.length = 0;
    await sessionChangesOf(h).changeSession(session.id, { venue: '預算運動中心' });
    // Change notices are due when their window ends (functions/src/app/LIMITS.md, "Fan-out").
    const records = await h.later(NOTICE_WINDOW_MINUTES * 60_000, () => deliverAll());

    // One group push (essential) instead of a push per player; the player with email gets it by email.
    expect(stub.pushes().map((p) => (p.body as { to: string }).to)).toEqual([t.groupId]);
    expect(h.emails.sent.map((m) => m.to)).toEqual(['digest1@example.tw']);
    const items = await Promise.all(records.map((r) => outboxItem(h, r.id)));
    const told = /team LINE budget reached \(\d+\/30 messages this month\): told in the team's group \(budget\)/;
    const emailed = items.find((r) => r?.kind === 'sessionChanged' && r.userId === byEmail);
    expect(emailed).toMatchObject({ status: 'delivered', channels: ['email'] });
    expect(emailed?.note).toMatch(told);
    const skipped = items.find((r) => r?.kind === 'sessionChanged' && r.userId === lineOnly);
    expect(skipped).toMatchObject({ status: 'skipped' });
    expect(skipped?.note).toMatch(told);
    expect(items.find((r) => r?.kind === 'groupSessionChanged')).toMatchObject({ status: 'delivered' });
  });

  it('refuses a negative budget', async () => {
    const t = await team();
    const res = await h.adminCall(
      'setting/updateGroupAnnouncements',
      { teamId: t.teamId, line_monthly_budget: -1 },
      { token: t.token },
    );
    expect(res.status).toBe(400);
  });
});
