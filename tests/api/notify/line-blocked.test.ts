import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { dispatcherOf, outboxItem, player, promotion } from './fixtures.ts';
import type { LineApiStub } from './line-api-stub.ts';
import { deliver, lineEvent, oneToOne } from './postback-events.ts';
import { startWebhook } from './webhook-fixture.ts';

/**
 * Blocked players (docs/LINE.md, "Blocked players"): `unfollow` marks the player's LINE channel
 * blocked and `follow` clears it; while blocked no push leaves and none is counted, notices go by
 * a verified email or only in the app, and the admin member list shows the marker.
 */

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
beforeEach(() => {
  stub.reset();
  h.emails.sent.length = 0;
});

const profile = async (userId: string) =>
  (
    await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.user(userId), ConsistentRead: true }),
    )
  ).Item;

describe('unfollow and follow', () => {
  it('a blocked player gets no push and none is counted; email when verified, else the app only', async () => {
    await player(h, 'Ublockapp');
    await player(h, 'Ublockmail', { email: 'blocked@example.tw' });
    const unfollows = [lineEvent('unfollow', oneToOne('Ublockapp')), lineEvent('unfollow', oneToOne('Ublockmail'))];
    expect((await deliver(webhook, ...unfollows)).status).toBe(200);
    expect(stub.requests).toEqual([]);
    expect((await profile('line_Ublockapp'))?.lineBlockedAt).toBe(new Date(unfollows[0]!.timestamp).toISOString());

    const dispatcher = dispatcherOf(h, stub);
    const appOnly = await promotion(h, 'line_Uholder1', 'line_Ublockapp');
    expect(await dispatcher.deliver(appOnly.record)).toEqual({
      status: 'skipped',
      reason: 'blocked the LINE account: shown in the app only',
    });
    const byMail = await promotion(h, 'line_Uholder2', 'line_Ublockmail');
    expect(await dispatcher.deliver(byMail.record)).toEqual({ status: 'delivered', channels: ['email'] });

    // Not a push, not a quota read: nothing reached LINE, so nothing was counted.
    expect(stub.requests).toEqual([]);
    expect(h.emails.sent.map((m) => m.to)).toEqual(['blocked@example.tw']);
    expect((await outboxItem(h, byMail.record.id))?.note).toBe('blocked the LINE account: email instead of LINE');
  });

  it('follow clears the block, and the next notice is pushed again', async () => {
    await player(h, 'Ureturns');
    await deliver(webhook, lineEvent('unfollow', oneToOne('Ureturns')));
    const follow = lineEvent('follow', oneToOne('Ureturns'));
    await deliver(webhook, follow);
    expect((await profile('line_Ureturns'))?.lineBlockedAt).toBeUndefined();
    // The follow is still welcomed.
    expect(stub.replies()).toHaveLength(1);

    stub.reset();
    const { record } = await promotion(h, 'line_Uholder3', 'line_Ureturns');
    expect(await dispatcherOf(h, stub).deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(stub.pushes().map((p) => (p.body as { to: string }).to)).toEqual(['Ureturns']);
  });

  it('an older unfollow redelivered after a follow changes nothing', async () => {
    await player(h, 'Ulate');
    const unfollow = lineEvent('unfollow', oneToOne('Ulate'));
    const follow = lineEvent('follow', oneToOne('Ulate'));
    await deliver(webhook, follow);
    await deliver(webhook, unfollow);
    expect((await profile('line_Ulate'))?.lineBlockedAt).toBeUndefined();
  });

  it('an unfollow of a LINE user who never signed in writes no player', async () => {
    await deliver(webhook, lineEvent('unfollow', oneToOne('Unobody')));
    expect(await profile('line_Unobody')).toBeUndefined();
  });
});

describe('admin member list', () => {
  it('marks members who blocked the LINE account', async () => {
    const { token, teamId } = await h.adminWithTeam('line-blocked@example.com', '封鎖隊');
    const [quiet, active] = await h.players(2, 'lineblk');
    for (const p of [quiet!, active!]) await h.call('checkState/member/joinTeam', { teamId }, { token: p.token });
    await deliver(webhook, lineEvent('unfollow', oneToOne(quiet!.sub)));

    const page = await h.ok<{ items: { userId: string; lineBlocked: boolean }[] }>(
      'members/getMembers',
      { search: 'lineblk' },
      token,
    );
    expect(page.items.map(({ userId, lineBlocked }) => ({ userId, lineBlocked }))).toEqual([
      { userId: quiet!.userId, lineBlocked: true },
      { userId: active!.userId, lineBlocked: false },
    ]);
  });
});
