import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key } from '../../functions/src/db/keys.ts';
import { muOfLevel } from '../../functions/src/rotation/rating-scale.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

// Level filters (docs/ON-COURT.md, "Level filters"): a session's range checks a joining player's
// declared level, or (the team's `levelCheck: 'rating'`) a rated player's band.

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('levelgate@example.com', '程度門檻隊'));
});
afterAll(() => h.close());

type Player = { userId: string; token: string };

async function declare(p: Player, level: number) {
  await h.call('checkState/setting/level', { level }, { token: p.token });
}

/** A rating as rated games leave it (level 1-18 on the table, sigma 2 = ±1 level). */
async function rate(p: Player, level: number, games: number, off = false) {
  await h.store.doc.send(
    new PutCommand({
      TableName: h.store.tableName,
      Item: {
        ...key.rating(p.userId),
        type: 'rating',
        userId: p.userId,
        mu: muOfLevel(level),
        sigma: 2,
        games,
        version: games,
        updatedAt: h.clock.now().toISOString(),
        trend: [],
        ...(off ? { off: true } : {}),
      },
    }),
  );
}

async function setCheck(levelCheck: 'declared' | 'rating') {
  const res = await h.adminCall<{ levelCheck: string }>('setting/updateDefault', { teamId, levelCheck }, { token });
  expect(res.status).toBe(200);
  expect(res.body.data!.levelCheck).toBe(levelCheck);
}

describe('level filters', () => {
  it('the team setting defaults to the declared level, is changed by an admin and refuses anything else', async () => {
    const read = await h.adminCall<{ levelCheck: string }>('setting/defaultData', { teamId }, { token });
    expect(read.body.data!.levelCheck).toBe('declared');
    const bad = await h.adminCall('setting/updateDefault', { teamId, levelCheck: 'dupr' }, { token });
    expect(bad.status).toBe(400);
    const p = (await h.players(1, 'lgnot'))[0]!;
    const asPlayer = await h.adminCall('setting/updateDefault', { teamId, levelCheck: 'rating' }, { token: p.token });
    expect(asPlayer.status).toBe(401);
  });

  it('declared: a player outside the range is told which level and which range; inside or undeclared joins', async () => {
    await setCheck('declared');
    const session = await h.newSession(token, { levelMin: 6, levelMax: 9, capacity: 8 });
    const [low, inside, none, high] = await h.players(4, 'lgdecl');
    await declare(low!, 4);
    await declare(inside!, 9);
    await declare(high!, 12);
    const before = await h.snapshot();
    const refused = await h.join(low!.token, session.id);
    expect([refused.status, refused.body.error]).toEqual([403, 'LEVEL_OUT_OF_RANGE']);
    expect((refused.body as { data?: unknown }).data).toEqual({
      checked: 'declared',
      level: 4,
      levelMin: 6,
      levelMax: 9,
    });
    // A refusal changes nothing.
    expect(await h.snapshot()).toEqual(before);
    const above = await h.join(high!.token, session.id);
    expect((above.body as { data?: unknown }).data).toMatchObject({ checked: 'declared', level: 12 });
    expect((await h.join(inside!.token, session.id)).body.data!.status).toBe('accepted');
    // Nothing says an undeclared player is outside.
    expect((await h.join(none!.token, session.id)).body.data!.status).toBe('accepted');
  });

  it('rating: a rated player is checked by their band, whatever they declared', async () => {
    await setCheck('rating');
    const session = await h.newSession(token, { levelMin: 6, levelMax: 9, capacity: 8 });
    const [over, under, edge] = await h.players(3, 'lgrate');
    // Declares 7 (inside) but plays like 3 (band 2-4): refused, told the rating.
    await declare(over!, 7);
    await rate(over!, 3, 12);
    const refused = await h.join(over!.token, session.id);
    expect([refused.status, refused.body.error]).toEqual([403, 'LEVEL_OUT_OF_RANGE']);
    expect((refused.body as { data?: unknown }).data).toEqual({
      checked: 'rating',
      level: 3,
      low: 2,
      high: 4,
      levelMin: 6,
      levelMax: 9,
    });
    // Declares 3 (outside) but plays like 8: joins.
    await declare(under!, 3);
    await rate(under!, 8, 15);
    expect((await h.join(under!.token, session.id)).body.data!.status).toBe('accepted');
    // Outside only when all of the band is: 9.8 ± 1 (8.8-10.8) reaches into 6-9.
    await declare(edge!, 12);
    await rate(edge!, 9.8, 10);
    expect((await h.join(edge!.token, session.id)).body.data!.status).toBe('accepted');
  });

  it('rating: provisional, turned-off and unrated players fall back to their declared level', async () => {
    await setCheck('rating');
    const session = await h.newSession(token, { levelMin: 6, levelMax: 9, capacity: 8 });
    const [provisional, off, unrated, provisionalIn] = await h.players(4, 'lgfall');
    await declare(provisional!, 12);
    await rate(provisional!, 7, 9);
    await declare(off!, 3);
    await rate(off!, 7, 20, true);
    await declare(unrated!, 2);
    await declare(provisionalIn!, 7);
    await rate(provisionalIn!, 2, 4);
    for (const [p, level] of [
      [provisional!, 12],
      [off!, 3],
      [unrated!, 2],
    ] as const) {
      const res = await h.join(p.token, session.id);
      expect([res.status, (res.body as { data?: unknown }).data]).toEqual([
        403,
        { checked: 'declared', level, levelMin: 6, levelMax: 9 },
      ]);
    }
    expect((await h.join(provisionalIn!.token, session.id)).body.data!.status).toBe('accepted');
  });

  it('a session without a range reads nothing more and lets everyone in', async () => {
    await setCheck('rating');
    const open = await h.newSession(token, { capacity: 8 });
    const p = (await h.players(1, 'lgopen'))[0]!;
    await declare(p, 1);
    await rate(p, 1, 30);
    const { result, commands } = await h.record(() => h.join(p.token, open.id));
    expect(result.body.data!.status).toBe('accepted');
    expect(commands.map((c) => c.name)).not.toContain('BatchGetCommand');
  });
});
