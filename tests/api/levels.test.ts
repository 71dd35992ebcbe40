import type { MemberList, SessionSummary } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('levels@example.com', '程度隊'));
});
afterAll(() => h.close());

describe('player levels', () => {
  it('a player sets, reads and clears a self-assessed level 1-18; anything else is refused', async () => {
    const me = await h.login('Ulevel', '程度球友');
    const get = () => h.call<{ level: number | null }>('checkState/setting/getLevel', {}, { token: me });
    expect((await get()).body.data).toEqual({ level: null });
    for (const level of [0, 19, 2.5, '8']) {
      const res = await h.call('checkState/setting/level', { level }, { token: me });
      expect(res.status, String(level)).toBe(400);
    }
    expect((await h.call('checkState/setting/level', { level: 9 }, { token: me })).body.data).toEqual({ level: 9 });
    expect((await get()).body.data).toEqual({ level: 9 });
    await h.call('checkState/setting/level', { level: null }, { token: me });
    expect((await get()).body.data).toEqual({ level: null });
    expect((await h.call('checkState/setting/level', { level: 3 })).status).toBe(401);
  });

  it('a session states a level range; browse filters by level; a player sees their own level only', async () => {
    const bad = await h.adminCall('createSession/createSession', h.sessionBody({ levelMin: 10, levelMax: 6 }), {
      token,
    });
    expect(bad.status).toBe(400);
    const ranged = await h.newSession(token, { levelMin: 6, levelMax: 9, title: '中階場' });
    const open = await h.newSession(token, { title: '不限程度' });
    expect(ranged).toMatchObject({ levelMin: 6, levelMax: 9 });
    expect(open.levelMin).toBeUndefined();

    const browse = async (level: number | null) => {
      const res = await h.call<{ items: SessionSummary[] }>('withoutAuth/getSessionList', { teamId, level });
      expect(res.status).toBe(200);
      return res.body.data!.items.map((s) => s.id);
    };
    expect(await browse(7)).toEqual(expect.arrayContaining([ranged.id, open.id]));
    expect(await browse(12)).toEqual([open.id]);
    expect(await browse(null)).toHaveLength(2);
    expect((await h.call('withoutAuth/getSessionList', { teamId, level: 30 })).status).toBe(400);

    const [a, b] = await h.players(2, 'lvl');
    await h.call('checkState/setting/level', { level: 7 }, { token: a!.token });
    await h.join(a!.token, ranged.id);
    await h.join(b!.token, ranged.id);
    // A player sees their own level on their row, never another player's (docs/PRIVACY.md).
    const list = await h.call<MemberList>(
      'checkState/sessionList/getMemberList',
      { sessionId: ranged.id },
      { token: a!.token },
    );
    expect(list.body.data!.accepted.map((p) => [p.name, p.level])).toEqual([
      ['lvl 0', 7],
      ['lvl 1', undefined],
    ]);
    const other = await h.call<MemberList>(
      'checkState/sessionList/getMemberList',
      { sessionId: ranged.id },
      { token: b!.token },
    );
    expect(other.body.data!.accepted.map((p) => [p.name, p.level])).toEqual([
      ['lvl 0', undefined],
      ['lvl 1', null],
    ]);
  });

  it('the members export shows the level with its band', async () => {
    const me = await h.login('Ulevelcsv', '匯出球友');
    await h.call('checkState/member/joinTeam', { teamId }, { token: me });
    await h.call('checkState/setting/level', { level: 13 }, { token: me });
    const res = await h.adminApp.request('/api/admin/reports/exportCsv', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ teamId, month: h.clock.now().toISOString().slice(0, 7), kind: 'members' }),
    });
    const text = await res.text();
    expect(text.split('\r\n').find((r) => r.startsWith('匯出球友,'))).toContain(',13 高階,');
  });
});
