import { ADMIN_LIMITS } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';

let h: AdminHarness;
beforeAll(async () => {
  h = await createAdminHarness();
});
afterAll(() => h.close());

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const linkTokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

describe('admin sign-up and login', () => {
  it('signs up, logs in and passes the login check with isAdmin true', async () => {
    const signup = await h.adminCall<{ token: string; admin: { adminId: string } }>('signup', {
      email: 'Coach.Lin@Example.com',
      password: ADMIN_PASSWORD,
      displayName: '林教練',
    });
    expect(signup.status).toBe(200);
    expect(signup.body.data!.admin).toMatchObject({
      email: 'coach.lin@example.com',
      isAdmin: true,
      currentTeamId: null,
    });

    const login = await h.adminLogin('coach.lin@example.com');
    expect(login.status).toBe(200);
    const check = await h.adminCall('check-auth', undefined, { token: login.body.data!.token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ success: true, data: { displayName: '林教練', pictureUrl: '', isAdmin: true } });
    const same = await h.adminCall('checkAuth', undefined, { token: login.body.data!.token });
    expect(same.body.data).toEqual(check.body.data);
  });

  it('never stores or returns the password in clear', async () => {
    await h.adminSignup('secret@example.com');
    const items = await h.snapshot();
    expect(JSON.stringify(items)).not.toContain(ADMIN_PASSWORD);
    const profile = items.find((i) => i.type === 'admin' && i.email === 'secret@example.com')!;
    expect(String(profile.passwordHash)).toMatch(/^scrypt\$15\$8\$1\$/);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    await h.adminSignup('dup@example.com');
    const before = await h.snapshot();
    const again = await h.adminCall('signup', { email: 'DUP@example.com', password: ADMIN_PASSWORD, displayName: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('EMAIL_IN_USE');
    expect(await h.snapshot()).toEqual(before);
  });

  it('refuses bad sign-up input with a 400 envelope and writes nothing', async () => {
    const before = await h.snapshot();
    for (const body of [
      { email: 'not-an-email', password: ADMIN_PASSWORD, displayName: 'x' },
      { email: 'short@example.com', password: 'short', displayName: 'x' },
      { email: 'noname@example.com', password: ADMIN_PASSWORD, displayName: '' },
      { email: 'extra@example.com', password: ADMIN_PASSWORD, displayName: 'x', isAdmin: false },
    ]) {
      const res = await h.adminCall('signup', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    }
    expect(await h.snapshot()).toEqual(before);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    await h.adminSignup('known@example.com');
    const wrong = await h.adminLogin('known@example.com', 'wrong-password-1');
    const unknown = await h.adminLogin('nobody@example.com', 'wrong-password-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('ADMIN_LOGIN_FAILED');
    expect(unknown.body.message).toBe(wrong.body.message);
  });
});

describe('failed logins', () => {
  it('locks the email after 5 failures in a row, for 15 minutes, even for the right password', async () => {
    await h.adminSignup('locked@example.com');
    const results = [];
    for (let i = 0; i < ADMIN_LIMITS.maxFailedLogins; i++)
      results.push(await h.adminLogin('locked@example.com', `wrong-${i}-password`));
    expect(results.slice(0, -1).map((r) => r.body.error)).toEqual(Array(4).fill('ADMIN_LOGIN_FAILED'));
    expect(results.at(-1)!.status).toBe(429);
    expect(results.at(-1)!.body.error).toBe('ACCOUNT_LOCKED');

    const right = await h.adminLogin('locked@example.com');
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many failed logins, please try again in 15 minutes');

    h.clock.advance(14 * 60_000);
    expect((await h.adminLogin('locked@example.com')).status).toBe(429);
    h.clock.advance(61_000);
    expect((await h.adminLogin('locked@example.com')).status).toBe(200);
  });

  it('lets no more than 5 parallel guesses through to the password check', async () => {
    await h.adminSignup('parallel@example.com');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.adminLogin('parallel@example.com', `guess-${i}-password`)),
    );
    const checked = results.filter((r) => r.body.error === 'ADMIN_LOGIN_FAILED').length;
    expect(checked).toBeLessThanOrEqual(ADMIN_LIMITS.maxFailedLogins);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(20 - ADMIN_LIMITS.maxFailedLogins);
    expect((await h.adminLogin('parallel@example.com')).status).toBe(429);
  });

  it('forgets failures older than 15 minutes and resets the count on success', async () => {
    await h.adminSignup('slow@example.com');
    for (let i = 0; i < 4; i++) await h.adminLogin('slow@example.com', 'wrong-password-x');
    h.clock.advance(16 * 60_000);
    for (let i = 0; i < 4; i++) expect((await h.adminLogin('slow@example.com', 'wrong-password-y')).status).toBe(401);
    expect((await h.adminLogin('slow@example.com')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await h.adminLogin('slow@example.com', 'wrong-password-z')).status).toBe(401);
    expect((await h.adminLogin('slow@example.com')).status).toBe(200);
  });
});

describe('password reset', () => {
  it('resets with the emailed code once; old tokens and the old password stop working', async () => {
    const { token: oldToken } = await h.adminSignup('reset@example.com');
    h.clock.advance(5_000);
    h.emails.sent.length = 0;
    const asked = await h.adminCall('password/requestReset', { email: 'reset@example.com' });
    expect(asked.body).toMatchObject({ success: true, data: { sent: true } });
    const mail = h.emails.sent.find((m) => m.to === 'reset@example.com')!;
    expect(mail.subject).toBe('重設您的 Shuttle 管理員密碼');
    expect(mail.text).toContain('https://shuttle.test/admin/reset_password?email=reset%40example.com&token=');
    const code = codeIn(mail.text);

    const wrong = await h.adminCall('password/reset', {
      email: 'reset@example.com',
      code: code === '000000' ? '111111' : '000000',
      newPassword: 'brand-new-password',
    });
    expect(wrong.body.error).toBe('CODE_INCORRECT');

    const done = await h.adminCall('password/reset', {
      email: 'reset@example.com',
      code,
      newPassword: 'brand-new-password',
    });
    expect(done.status).toBe(200);

    const oldCheck = await h.adminCall('check-auth', undefined, { token: oldToken });
    expect(oldCheck.status).toBe(401);
    expect(oldCheck.body.error).toBe('INVALID_TOKEN');

    const again = await h.adminCall('password/reset', {
      email: 'reset@example.com',
      code,
      newPassword: 'another-password-2',
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('CODE_NOT_REQUESTED');

    h.clock.advance(1_000);
    expect((await h.adminLogin('reset@example.com')).status).toBe(401);
    const login = await h.adminLogin('reset@example.com', 'brand-new-password');
    expect(login.status).toBe(200);
    expect((await h.adminCall('check-auth', undefined, { token: login.body.data!.token })).status).toBe(200);
  });

  it('accepts the link token instead of the code', async () => {
    await h.adminSignup('link@example.com');
    await h.adminCall('password/requestReset', { email: 'link@example.com' });
    const mail = h.emails.sent.filter((m) => m.to === 'link@example.com').at(-1)!;
    const res = await h.adminCall('password/reset', {
      email: 'link@example.com',
      code: linkTokenIn(mail.text),
      newPassword: 'linked-new-password',
    });
    expect(res.status).toBe(200);
    h.clock.advance(1_000);
    expect((await h.adminLogin('link@example.com', 'linked-new-password')).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    await h.adminSignup('expired@example.com');
    await h.adminCall('password/requestReset', { email: 'expired@example.com' });
    const code = codeIn(h.emails.sent.filter((m) => m.to === 'expired@example.com').at(-1)!.text);
    h.clock.advance(ADMIN_LIMITS.resetCodeMinutes * 60_000 + 1_000);
    const res = await h.adminCall('password/reset', {
      email: 'expired@example.com',
      code,
      newPassword: 'too-late-password',
    });
    expect(res.body.error).toBe('CODE_EXPIRED');
    expect((await h.adminLogin('expired@example.com')).status).toBe(200);
  });

  it('answers an unknown email like a known one and sends nothing', async () => {
    const sent = h.emails.sent.length;
    const res = await h.adminCall('password/requestReset', { email: 'ghost@example.com' });
    expect(res.body).toMatchObject({ success: true, data: { sent: true } });
    expect(h.emails.sent.length).toBe(sent);
    const guess = await h.adminCall('password/reset', {
      email: 'ghost@example.com',
      code: '123456',
      newPassword: 'whatever-pass',
    });
    expect(guess.body.error).toBe('CODE_NOT_REQUESTED');
  });

  it('stops after 5 wrong codes', async () => {
    await h.adminSignup('tries@example.com');
    await h.adminCall('password/requestReset', { email: 'tries@example.com' });
    const code = codeIn(h.emails.sent.filter((m) => m.to === 'tries@example.com').at(-1)!.text);
    const wrongCode = code === '999999' ? '888888' : '999999';
    const errors = [];
    for (let i = 0; i < 5; i++) {
      errors.push(
        (
          await h.adminCall('password/reset', {
            email: 'tries@example.com',
            code: wrongCode,
            newPassword: 'x-password-1',
          })
        ).body.error,
      );
    }
    expect(errors).toEqual([
      'CODE_INCORRECT',
      'CODE_INCORRECT',
      'CODE_INCORRECT',
      'CODE_INCORRECT',
      'CODE_TOO_MANY_TRIES',
    ]);
    const right = await h.adminCall('password/reset', {
      email: 'tries@example.com',
      code,
      newPassword: 'x-password-1',
    });
    expect(right.body.error).toBe('CODE_TOO_MANY_TRIES');
  });
});

describe('become team leader (member app)', () => {
  it('links an admin account to the player, flags them, and lets them publish sessions', async () => {
    const member = await h.login('Uleader01', '張隊長');
    const res = await h.call<{ token: string; admin: { adminId: string; linkedMember: boolean; displayName: string } }>(
      'checkState/setting/becomeLeader',
      {},
      { token: member },
    );
    expect(res.status).toBe(200);
    expect(res.body.data!.admin).toMatchObject({ linkedMember: true, displayName: '張隊長', isAdmin: true });
    const profile = await h.call('checkState/checkAuth', undefined, { token: member });
    expect(profile.body.data).toMatchObject({ isAdmin: true, isTeamLeader: true });

    const adminToken = res.body.data!.token;
    const team = await h.ok<{ team: { team_id: string } }>(
      'setting/createTeam',
      { team_name: '隊長的球隊' },
      adminToken,
    );
    const startsAt = new Date(h.clock.now().getTime() + 3 * 86_400_000).toISOString();
    const created = await h.ok<{ sessions: { teamId: string }[] }>(
      'createSession/createSession',
      {
        publishState: 0,
        venue: '中山運動中心',
        region: '台北市',
        courts: 2,
        capacity: 12,
        price: 150,
        categories: ['casual'],
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
        signupOpensAt: h.clock.now().toISOString(),
      },
      adminToken,
    );
    expect(created.sessions[0]!.teamId).toBe(team.team.team_id);

    const again = await h.call<{ token: string; admin: { adminId: string } }>(
      'checkState/setting/becomeLeader',
      {},
      { token: member },
    );
    expect(again.body.data!.admin.adminId).toBe(res.body.data!.admin.adminId);
    const check = await h.adminCall<{ currentTeamId: string }>('check-auth', undefined, {
      token: again.body.data!.token,
    });
    expect(check.body.data!.currentTeamId).toBe(team.team.team_id);
  });

  it('needs a member token', async () => {
    const res = await h.call('checkState/setting/becomeLeader', {});
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('No token found');
  });
});
