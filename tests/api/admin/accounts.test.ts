import { PASSWORD_COST } from '@shuttle/functions/admin-accounts/password.ts';
import { ADMIN_LIMITS, RESET_CODE_LENGTH, SIGN_IN_LIMITS } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';

let h: AdminHarness;
beforeAll(async () => {
  // Hashes at the API tests' work factor (tests/support/harness.ts); the stored hash's check below
  // signs up on a harness at production's.
  h = await createAdminHarness();
});
afterAll(() => h.close());

const codeIn = (text: string) => new RegExp(`\\b(\\d{${RESET_CODE_LENGTH}})\\b`).exec(text)?.[1] ?? '';
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

  it('never stores or returns the password in clear, and hashes it at production’s work factor', async () => {
    const production = await createAdminHarness({ passwordCost: PASSWORD_COST });
    try {
      const signup = await production.adminCall('signup', {
        email: 'secret@example.com',
        password: ADMIN_PASSWORD,
        displayName: 'secret',
      });
      expect(signup.status).toBe(200);
      expect(JSON.stringify(signup.body)).not.toContain(ADMIN_PASSWORD);
      const login = await production.adminLogin('secret@example.com');
      expect(login.status).toBe(200);
      expect(JSON.stringify(login.body)).not.toContain(ADMIN_PASSWORD);
      const items = await production.snapshot();
      expect(JSON.stringify(items)).not.toContain(ADMIN_PASSWORD);
      const profile = items.find((i) => i.type === 'admin' && i.email === 'secret@example.com')!;
      expect(String(profile.passwordHash)).toMatch(/^scrypt\$15\$8\$1\$/);
    } finally {
      await production.close();
    }
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
  // By design (issue 18, item 4) wrong passwords no longer lock an email: per email they only
  // space tries out (at most 30 s apart); a lock holds for one email and address only
  // (`loginByEmailAndAddress`, tests/api/limits.test.ts).
  const loginFrom = (address: string, email: string, password: string) =>
    h.adminCall<{ token: string }>('login', { email, password }, { headers: { 'x-forwarded-for': address } });
  /** A login's status, error and Retry-After (seconds; NaN when absent). */
  const loginWithWait = async (address: string, email: string, password: string) => {
    const res = await h.adminApp.request('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });
    const body = (await res.json()) as { error?: string };
    return { status: res.status, error: body.error, retryAfter: Number(res.headers.get('retry-after') ?? Number.NaN) };
  };

  it('eleven wrong passwords from eleven addresses do not stop the right one from a new address', async () => {
    await h.adminSignup('target@example.com');
    for (let i = 0; i < 11; i++) {
      const res = await loginFrom(`198.51.100.${i + 1}`, 'target@example.com', `wrong-${i}-password`);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('ADMIN_LOGIN_FAILED');
    }
    const right = await loginFrom('203.0.113.200', 'target@example.com', ADMIN_PASSWORD);
    expect(right.status).toBe(200);
    expect(right.body.data!.token).toEqual(expect.any(String));
  });

  it('past 20 tries in 15 minutes spaces tries 2, 4, 8, 16, then 30 s apart, and the right password gets in', async () => {
    await h.adminSignup('spaced@example.com');
    for (let i = 0; i < SIGN_IN_LIMITS.freeTries; i++)
      expect((await loginFrom(`198.51.100.${i + 1}`, 'spaced@example.com', 'wrong-password')).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const early = await loginWithWait('192.0.2.1', 'spaced@example.com', 'wrong-password');
      expect([early.status, early.error]).toEqual([429, 'RATE_LIMITED']);
      waits.push(early.retryAfter);
      h.clock.advance(early.retryAfter * 1000 - 1);
      expect((await loginWithWait('192.0.2.1', 'spaced@example.com', 'wrong-password')).status).toBe(429);
      h.clock.advance(1);
      expect((await loginFrom('192.0.2.1', 'spaced@example.com', 'wrong-password')).status).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 30, 30]);
    // The owner, from anywhere, waits at most 30 s and is never locked out.
    const owner = await loginWithWait('203.0.113.201', 'spaced@example.com', ADMIN_PASSWORD);
    expect(owner.status).toBe(429);
    expect(owner.retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.maxSpacingSeconds);
    h.clock.advance(owner.retryAfter * 1000);
    expect((await loginFrom('203.0.113.201', 'spaced@example.com', ADMIN_PASSWORD)).status).toBe(200);
    // A success ends the window: the next wrong try answers at once again.
    expect((await loginFrom('198.51.100.1', 'spaced@example.com', 'wrong-password')).status).toBe(401);
  });

  it('lets no more than 20 parallel guesses through to the password check', async () => {
    await h.adminSignup('parallel@example.com');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        loginFrom(`198.51.100.${i + 1}`, 'parallel@example.com', `guess-${i}-password`),
      ),
    );
    const checked = results.filter((r) => r.body.error === 'ADMIN_LOGIN_FAILED').length;
    expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.freeTries);
    expect(results.filter((r) => r.status === 429).length).toBe(30 - checked);
  });

  it('forgets tries older than 15 minutes, and other emails are not slowed', async () => {
    await h.adminSignup('slow@example.com');
    await h.adminSignup('bystander@example.com');
    for (let i = 0; i < SIGN_IN_LIMITS.freeTries; i++) await loginFrom('198.51.100.7', 'slow@example.com', 'wrong-x');
    expect((await loginFrom('198.51.100.7', 'slow@example.com', 'wrong-x')).status).toBe(429);
    expect((await loginFrom('198.51.100.7', 'bystander@example.com', ADMIN_PASSWORD)).status).toBe(200);
    h.clock.advance(16 * 60_000);
    expect((await loginFrom('198.51.100.7', 'slow@example.com', 'wrong-y')).status).toBe(401);
    expect((await loginFrom('198.51.100.7', 'slow@example.com', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('emails the owner once when the failures come from several addresses, in their language', async () => {
    await h.adminSignup('attacked@example.com');
    const alerts = () => h.emails.sent.filter((m) => m.to === 'attacked@example.com' && /登入/.test(m.subject));
    for (let i = 0; i < SIGN_IN_LIMITS.alertAfter - 1; i++)
      await loginFrom(`198.51.100.${i + 1}`, 'attacked@example.com', 'wrong-password');
    expect(alerts()).toEqual([]);
    for (let i = 0; i < 5; i++) await loginFrom(`203.0.113.${i + 1}`, 'attacked@example.com', 'wrong-password');
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]!.subject).toBe(translate('zh-TW', 'accounts', 'loginAlert.subject'));
    expect(alerts()[0]!.text).toContain(`${SIGN_IN_LIMITS.alertAfter} 次`);
    expect(alerts()[0]!.text).toContain('https://shuttle.test/admin/reset_password?email=attacked%40example.com');
    // The right password still works after the alert.
    expect((await loginFrom('203.0.113.99', 'attacked@example.com', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('sends no alert for one address, nor for an email without an account', async () => {
    await h.adminSignup('clumsy@example.com');
    const before = h.emails.sent.length;
    for (let i = 0; i < 12; i++) await loginFrom('198.51.100.50', 'clumsy@example.com', 'wrong-password');
    for (let i = 0; i < 12; i++) await loginFrom(`198.51.100.${i + 60}`, 'ghost-login@example.com', 'wrong-password');
    expect(h.emails.sent.length).toBe(before);
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
      code: code === '0'.repeat(RESET_CODE_LENGTH) ? '1'.repeat(RESET_CODE_LENGTH) : '0'.repeat(RESET_CODE_LENGTH),
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
      code: '1234567890',
      newPassword: 'whatever-pass',
    });
    expect(guess.body.error).toBe('CODE_NOT_REQUESTED');
  });

  it('emails a 10-digit code and refuses the short codes of before', async () => {
    await h.adminSignup('long-code@example.com');
    await h.adminCall('password/requestReset', { email: 'long-code@example.com' });
    const code = codeIn(h.emails.sent.filter((m) => m.to === 'long-code@example.com').at(-1)!.text);
    expect(code).toMatch(/^\d{10}$/);
    const before = await h.snapshot();
    const short = await h.adminCall('password/reset', {
      email: 'long-code@example.com',
      code: code.slice(0, 6),
      newPassword: 'short-code-password',
    });
    expect([short.status, short.body.error]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await h.snapshot()).toEqual(before);
  });

  it('stops after 5 wrong codes', async () => {
    await h.adminSignup('tries@example.com');
    await h.adminCall('password/requestReset', { email: 'tries@example.com' });
    const code = codeIn(h.emails.sent.filter((m) => m.to === 'tries@example.com').at(-1)!.text);
    const wrongCode =
      code === '9'.repeat(RESET_CODE_LENGTH) ? '8'.repeat(RESET_CODE_LENGTH) : '9'.repeat(RESET_CODE_LENGTH);
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
