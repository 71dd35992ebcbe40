import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';

let h: AdminHarness;
beforeAll(async () => {
  h = await createAdminHarness();
});
afterAll(() => h.close());

interface TeamItem {
  team_id: string;
  team_name: string;
  role: string;
  is_current: boolean;
}

const inviteTokenIn = (text: string) => /invite=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

describe('teams', () => {
  it('creates teams, lists them and switches the current one', async () => {
    const { token } = await h.adminSignup('multi@example.com', '多隊管理員');
    const none = await h.adminCall('setting/defaultData', {}, { token });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('TEAM_NOT_SELECTED');

    const first = await h.ok<{ team: TeamItem; currentTeamId: string }>(
      'setting/createTeam',
      { team_name: '北區隊' },
      token,
    );
    expect(first.team).toMatchObject({ team_name: '北區隊', role: 'owner', is_current: true, amount_of_member: 0 });
    const second = await h.ok<{ team: TeamItem }>(
      'setting/createTeam',
      { team_name: '南區隊', default_region: '高雄市' },
      token,
    );

    const list = await h.ok<TeamItem[]>('setting/getTeamListByUser', {}, token);
    expect(list.map((t) => [t.team_name, t.is_current])).toEqual([
      ['北區隊', false],
      ['南區隊', true],
    ]);

    const switched = await h.ok<{ token: string; admin: { currentTeamId: string } }>(
      'setting/updateCurrentTeam',
      { teamId: first.team.team_id },
      token,
    );
    expect(switched.admin.currentTeamId).toBe(first.team.team_id);
    const data = await h.adminCall<{ team_name: string }>('get-default-data', undefined, { token: switched.token });
    expect(data.body.data!.team_name).toBe('北區隊');
    const other = await h.adminCall<{ team_name: string }>(
      'get-default-data',
      { teamId: second.team.team_id },
      { token, method: 'GET' },
    );
    expect(other.body.data!.team_name).toBe('南區隊');

    const names = await h.ok<{ team_name: string }[]>('setting/getTeamNameList', {}, token);
    expect(names.map((n) => n.team_name)).toEqual(expect.arrayContaining(['北區隊', '南區隊']));
  });

  it('cannot switch to a team the admin does not run', async () => {
    const { teamId } = await h.adminWithTeam('owner-x@example.com');
    const { token } = await h.adminSignup('stranger@example.com');
    const res = await h.adminCall('setting/updateCurrentTeam', { teamId }, { token });
    expect(res.status).toBe(403);
  });
});

describe('team settings', () => {
  it('returns the default data in the get-default-data shape, empty region until set', async () => {
    const { token } = await h.adminSignup('defaults@example.com');
    await h.ok('setting/createTeam', { team_name: '預設隊' }, token);
    const res = await h.adminCall('get-default-data', undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      team_name: '預設隊',
      default_place_name: '',
      default_price: 0,
      default_location: '',
      default_region: '',
      default_line: '',
    });

    const updated = await h.ok<Record<string, unknown>>(
      'setting/updateDefault',
      {
        team_name: '預設隊改名',
        default_place_name: '中正運動中心',
        default_price: 220,
        default_location: '台北市中正區',
        default_region: '台北市',
        cancel_window_minutes: 180,
      },
      token,
    );
    expect(updated).toMatchObject({
      team_name: '預設隊改名',
      default_region: '台北市',
      default_price: 220,
      cancel_window_minutes: 180,
    });
    const names = await h.call<{ team_name: string }[]>('withoutAuth/getTeamName');
    expect(names.body.data!.map((t) => t.team_name)).toContain('預設隊改名');
  });

  it('refuses bad settings with a 400 envelope and writes nothing', async () => {
    const { token } = await h.adminWithTeam('badsettings@example.com');
    const before = await h.snapshot();
    const cases: [string, unknown][] = [
      ['setting/updateDefault', {}],
      ['setting/updateDefault', { default_price: -1 }],
      ['setting/updateDefault', { default_region: '東京都' }],
      ['setting/updateDefault', { team_name: '' }],
      ['setting/updateDefault', { default_line: 'http://line.me/x' }],
      ['setting/updateLine', { default_line: '', line_group_id: `C${'a'.repeat(32)}` }],
      ['setting/updatePrivateRules', { private_rules: 'x'.repeat(2001) }],
      ['setting/saveVenue', { name: '', region: '台北市' }],
      ['setting/createTeam', { team_name: 'x'.repeat(51) }],
      ['setting/inviteAdmin', { email: 'nope' }],
    ];
    for (const [path, body] of cases) {
      const res = await h.adminCall(path, body, { token });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    }
    expect(await h.snapshot()).toEqual(before);
  });

  it('saves private rules and LINE settings that players then see', async () => {
    const { token } = await h.adminWithTeam('rules@example.com', '規則隊');
    await h.ok('setting/updatePrivateRules', { private_rules: '請穿白色運動服' }, token);
    const line = await h.ok<Record<string, unknown>>(
      'setting/updateLine',
      { default_line: 'https://line.me/ti/g2/rules-team' },
      token,
    );
    expect(line).toMatchObject({ default_line: 'https://line.me/ti/g2/rules-team', line_group_id: '' });
    const session = await h.newSession(token);
    const detail = await h.call<{ privateRules: string }>('withoutAuth/getDetail', { sessionId: session.id });
    expect(detail.body.data!.privateRules).toBe('請穿白色運動服');
  });

  it('keeps venues and their courts', async () => {
    const { token } = await h.adminWithTeam('venues@example.com');
    const saved = await h.ok<{ venue_id: string }>(
      'setting/saveVenue',
      { name: '和平籃球館', address: '台北市大安區', region: '台北市', courts: ['1', '2', '3'] },
      token,
    );
    await h.ok('setting/saveVenue', { name: '大安森林公園', region: '台北市' }, token);
    await h.ok(
      'setting/saveVenue',
      { venue_id: saved.venue_id, name: '和平籃球館', region: '台北市', courts: ['A', 'B'] },
      token,
    );
    const courts = await h.ok<{ name: string; courts: string[] }[]>('setting/getCourts', {}, token);
    expect(courts.find((v) => v.name === '和平籃球館')!.courts).toEqual(['A', 'B']);
    const left = await h.ok<unknown[]>('setting/deleteVenue', { venue_id: saved.venue_id }, token);
    expect(left).toHaveLength(1);
    const missing = await h.adminCall('setting/deleteVenue', { venue_id: saved.venue_id }, { token });
    expect(missing.status).toBe(404);
    const defaults = await h.ok<{ venues: unknown[] }>('createSession/getDefaultSetting', {}, token);
    expect(defaults.venues).toHaveLength(1);
  });
});

describe('account management', () => {
  it('invites a co-admin by email; the link makes them an admin of the team', async () => {
    const owner = await h.adminWithTeam('team-owner@example.com', '邀請隊');
    h.emails.sent.length = 0;
    const invited = await h.ok<{ email: string; role: string }>(
      'setting/inviteAdmin',
      { email: 'Helper@Example.com' },
      owner.token,
    );
    expect(invited).toMatchObject({ email: 'helper@example.com', role: 'admin' });
    const mail = h.emails.sent.at(-1)!;
    expect(mail.to).toBe('helper@example.com');
    expect(mail.subject).toContain('邀請隊');
    const inviteToken = inviteTokenIn(mail.text);

    const listed = await h.ok<{ invites: { email: string }[] }>('setting/getAdmins', {}, owner.token);
    expect(listed.invites.map((i) => i.email)).toEqual(['helper@example.com']);

    const helper = await h.adminSignup('helper@example.com', '小幫手');
    const accepted = await h.ok<TeamItem>('setting/acceptInvite', { token: inviteToken }, helper.token);
    expect(accepted).toMatchObject({ team_id: owner.teamId, role: 'admin', is_current: true });
    const again = await h.adminCall('setting/acceptInvite', { token: inviteToken }, { token: helper.token });
    expect(again.body.error).toBe('INVITE_INVALID');

    const admins = await h.ok<{ admins: { displayName: string; role: string }[]; invites: unknown[] }>(
      'setting/getAdmins',
      {},
      helper.token,
    );
    expect(admins.admins.map((a) => [a.displayName, a.role])).toEqual([
      ['team-owner', 'owner'],
      ['小幫手', 'admin'],
    ]);
    expect(admins.invites).toEqual([]);

    const notOwner = await h.adminCall('setting/inviteAdmin', { email: 'third@example.com' }, { token: helper.token });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.error).toBe('OWNER_ONLY');
  });

  it('refuses an expired invitation', async () => {
    const owner = await h.adminWithTeam('expiring-owner@example.com');
    await h.ok('setting/inviteAdmin', { email: 'late@example.com' }, owner.token);
    const inviteToken = inviteTokenIn(h.emails.sent.at(-1)!.text);
    const late = await h.adminSignup('late@example.com');
    await h.later(8 * 86_400_000, async () => {
      const fresh = (await h.adminLogin('late@example.com')).body.data!.token;
      const res = await h.adminCall('setting/acceptInvite', { token: inviteToken }, { token: fresh });
      expect(res.body.error).toBe('INVITE_INVALID');
    });
    expect((await h.adminCall('setting/defaultData', { teamId: owner.teamId }, { token: late.token })).status).toBe(
      403,
    );
  });

  it('removes an admin at once, and never the last owner', async () => {
    const owner = await h.adminWithTeam('remover@example.com', '移除隊');
    await h.ok('setting/inviteAdmin', { email: 'removed@example.com', role: 'admin' }, owner.token);
    const removedInvite = inviteTokenIn(h.emails.sent.at(-1)!.text);
    await h.ok('setting/inviteAdmin', { email: 'coowner@example.com', role: 'owner' }, owner.token);
    const ownerInvite = inviteTokenIn(h.emails.sent.at(-1)!.text);
    const removed = await h.adminSignup('removed@example.com');
    const coowner = await h.adminSignup('coowner@example.com');
    await h.ok('setting/acceptInvite', { token: removedInvite }, removed.token);
    await h.ok('setting/acceptInvite', { token: ownerInvite }, coowner.token);

    await h.ok('setting/removeAdmin', { adminId: removed.adminId }, owner.token);
    const refused = await h.adminCall('setting/defaultData', { teamId: owner.teamId }, { token: removed.token });
    expect(refused.status).toBe(403);

    await h.ok('setting/removeAdmin', { adminId: owner.adminId }, owner.token);
    const last = await h.adminCall('setting/removeAdmin', { adminId: coowner.adminId }, { token: coowner.token });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('The last owner of a team cannot be removed');
    const admins = await h.ok<{ admins: { adminId: string }[] }>('setting/getAdmins', {}, coowner.token);
    expect(admins.admins.map((a) => a.adminId)).toEqual([coowner.adminId]);
  });

  it('lets two owners race to leave without leaving the team ownerless', async () => {
    const a = await h.adminWithTeam('race-a@example.com', '競速隊');
    await h.ok('setting/inviteAdmin', { email: 'race-b@example.com', role: 'owner' }, a.token);
    const inviteToken = inviteTokenIn(h.emails.sent.at(-1)!.text);
    const b = await h.adminSignup('race-b@example.com');
    await h.ok('setting/acceptInvite', { token: inviteToken }, b.token);
    const results = await Promise.all([
      h.adminCall('setting/removeAdmin', { teamId: a.teamId, adminId: a.adminId }, { token: a.token }),
      h.adminCall('setting/removeAdmin', { teamId: a.teamId, adminId: b.adminId }, { token: b.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
