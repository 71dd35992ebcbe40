import { setTimeout } from 'node:timers/promises';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import { TEAM_DAILY_LIMITS } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';

let h: AdminHarness;
/**
 * Holds back the count of a wrong code until the right code racing it has committed (or 10 s
 * passed), so the race ends the same way however slow the machine is.
 */
let slowWrongTries = false;
let rightCommitted: Promise<void> = Promise.resolve();
beforeAll(async () => {
  h = await createAdminHarness({
    wrapStore: (store) =>
      store.doc.middlewareStack.add(
        (next) => async (args) => {
          const { UpdateExpression } = args.input as { UpdateExpression?: string };
          if (slowWrongTries && UpdateExpression === 'ADD wrongTries :one') {
            await Promise.race([rightCommitted, setTimeout(10_000)]);
          }
          return next(args);
        },
        { step: 'initialize', name: 'slowWrongTries' },
      ),
  });
});
afterAll(() => h.close());

const DAY_MS = 86_400_000;
const inviteTokenIn = (text: string) => /invite=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
/** A wrong code of the same length (email codes have 6 digits, reset codes 10). */
const otherThan = (code: string) => (code === '0'.repeat(code.length) ? '1' : '0').repeat(code.length);

/** A signed-up admin who has not verified their email, running a new team. */
async function unverifiedWithTeam(email: string) {
  const { token, adminId } = await h.adminSignup(email, undefined, undefined, { verified: false });
  const created = await h.ok<{ team: { team_id: string } }>(
    'setting/createTeam',
    { team_name: `${email.split('@')[0]} 隊`, default_region: '台北市' },
    token,
  );
  return { token, adminId, teamId: created.team.team_id };
}

const visibleToVisitors = async (sessionId: string) =>
  (await h.call('withoutAuth/getDetail', { sessionId })).status === 200;

describe('admin email verification', () => {
  it('emails a code at sign-up; the right code verifies the account once', async () => {
    const { token } = await h.adminSignup('Fresh.Coach@example.com', undefined, undefined, { verified: false });
    const mail = h.emails.sent.filter((m) => m.to === 'fresh.coach@example.com').at(-1)!;
    expect(mail.subject).toMatch(/^確認您的 Shuttle 管理員信箱：\d{6}$/);
    const code = h.codeSentTo('fresh.coach@example.com');
    expect((await h.ok<{ emailVerified: boolean }>('check-auth', undefined, token)).emailVerified).toBe(false);

    const wrong = await h.adminCall('email/verifyCode', { code: otherThan(code) }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('CODE_INCORRECT');
    const profile = await h.ok<{ emailVerified: boolean }>('email/verifyCode', { code }, token);
    expect(profile.emailVerified).toBe(true);
    expect((await h.ok<{ emailVerified: boolean }>('check-auth', undefined, token)).emailVerified).toBe(true);
    expect((await h.adminCall('email/verifyCode', { code }, { token })).body.error).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await h.adminCall('email/sendCode', {}, { token })).body.error).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await h.adminLogin('fresh.coach@example.com')).body.data!.admin).toMatchObject({ emailVerified: true });
  });

  it('holds resends back for 60 seconds and allows a retry at once after a failed send', async () => {
    const { token } = await h.adminSignup('resend@example.com', undefined, undefined, { verified: false });
    const early = await h.adminCall('email/sendCode', {}, { token });
    expect(early.status).toBe(429);
    expect(early.body.error).toBe('CODE_RESEND_COOLDOWN');
    await h.later(61_000, async () => {
      h.emails.failNext = 1;
      const failed = await h.adminCall('email/sendCode', {}, { token });
      expect(failed.status).toBe(502);
      expect(failed.body.error).toBe('CODE_SEND_FAILED');
      const sent = await h.ok<{ email: string }>('email/sendCode', {}, token);
      expect(sent.email).toBe('resend@example.com');
      const code = h.codeSentTo('resend@example.com');
      expect((await h.ok<{ emailVerified: boolean }>('email/verifyCode', { code }, token)).emailVerified).toBe(true);
    });
  });

  it('keeps the sessions of an unverified admin team-only, and refuses publishing and inviting', async () => {
    const admin = await unverifiedWithTeam('unverified@example.com');
    const [session] = (
      await h.ok<{ sessions: { id: string; isPublic: boolean }[] }>(
        'createSession/createSession',
        h.sessionBody({ isPublic: true }),
        admin.token,
      )
    ).sessions;
    expect(session!.isPublic).toBe(false);
    expect(await visibleToVisitors(session!.id)).toBe(false);

    const publish = await h.adminCall(
      'courtSession/switchPublic',
      { sessionId: session!.id, isPublic: true },
      {
        token: admin.token,
      },
    );
    expect(publish.status).toBe(403);
    expect(publish.body).toMatchObject({
      error: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address first',
    });
    expect(
      (
        await h.adminCall(
          'courtSession/switchPublic',
          { sessionId: session!.id, isPublic: false },
          { token: admin.token },
        )
      ).status,
    ).toBe(200);

    const sent = h.emails.sent.length;
    const invite = await h.adminCall('setting/inviteAdmin', { email: 'helper2@example.com' }, { token: admin.token });
    expect(invite.status).toBe(403);
    expect(invite.body.error).toBe('EMAIL_NOT_VERIFIED');
    expect(h.emails.sent.length).toBe(sent);

    await h.ok('email/verifyCode', { code: h.codeSentTo('unverified@example.com') }, admin.token);
    await h.ok('courtSession/switchPublic', { sessionId: session!.id, isPublic: true }, admin.token);
    expect(await visibleToVisitors(session!.id)).toBe(true);
    const next = await h.newSession(admin.token);
    expect(next.isPublic).toBe(true);
    await h.ok('setting/inviteAdmin', { email: 'helper2@example.com' }, admin.token);
  });

  it('counts a team leader as verified once their player verified an email in the member app', async () => {
    const member = await h.login('Uverifyleader', '驗證隊長');
    const leader = await h.call<{ token: string; admin: { emailVerified: boolean } }>(
      'checkState/setting/becomeLeader',
      {},
      { token: member },
    );
    expect(leader.body.data!.admin.emailVerified).toBe(false);
    const token = leader.body.data!.token;
    await h.ok('setting/createTeam', { team_name: '驗證隊' }, token);
    expect((await h.newSession(token)).isPublic).toBe(false);
    expect((await h.adminCall('email/sendCode', {}, { token })).body.error).toBe('FORBIDDEN');

    await h.call('checkState/email/sendCode', { email: 'leader@example.tw' }, { token: member });
    await h.call('checkState/email/verifyCode', { code: h.codeSentTo('leader@example.tw') }, { token: member });
    expect((await h.ok<{ emailVerified: boolean }>('check-auth', undefined, token)).emailVerified).toBe(true);
    expect((await h.newSession(token)).isPublic).toBe(true);
  });
});

describe('invitations bind to the invited email', () => {
  it('refuses an account of another email, and verifies the invited one that accepts', async () => {
    const owner = await h.adminWithTeam('binding-owner@example.com', '綁定隊');
    await h.ok('setting/inviteAdmin', { email: 'Invited@Example.com' }, owner.token);
    const inviteToken = inviteTokenIn(h.emails.sent.at(-1)!.text);

    const stranger = await h.adminSignup('stranger@example.com');
    const refused = await h.adminCall('setting/acceptInvite', { token: inviteToken }, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'INVITE_EMAIL_MISMATCH',
      message: 'This invitation was sent to another email address',
    });
    expect((await h.adminCall('setting/defaultData', { teamId: owner.teamId }, { token: stranger.token })).status).toBe(
      403,
    );

    const invited = await h.adminSignup('invited@example.com', undefined, undefined, { verified: false });
    const accepted = await h.ok<{ team_id: string }>('setting/acceptInvite', { token: inviteToken }, invited.token);
    expect(accepted.team_id).toBe(owner.teamId);
    expect((await h.ok<{ emailVerified: boolean }>('check-auth', undefined, invited.token)).emailVerified).toBe(true);
  });

  it('accepts a team leader whose player verified the invited email, and no leader without one', async () => {
    const owner = await h.adminWithTeam('leader-owner@example.com', '隊長邀請隊');
    await h.ok('setting/inviteAdmin', { email: 'player-leader@example.tw' }, owner.token);
    const inviteToken = inviteTokenIn(h.emails.sent.at(-1)!.text);
    const member = await h.login('Uinvitedleader', '受邀隊長');
    const leaderToken = (await h.call<{ token: string }>('checkState/setting/becomeLeader', {}, { token: member })).body
      .data!.token;
    const early = await h.adminCall('setting/acceptInvite', { token: inviteToken }, { token: leaderToken });
    expect(early.body.error).toBe('INVITE_EMAIL_MISMATCH');

    await h.call('checkState/email/sendCode', { email: 'player-leader@example.tw' }, { token: member });
    await h.call('checkState/email/verifyCode', { code: h.codeSentTo('player-leader@example.tw') }, { token: member });
    const accepted = await h.ok<{ team_id: string }>('setting/acceptInvite', { token: inviteToken }, leaderToken);
    expect(accepted.team_id).toBe(owner.teamId);
  });
});

describe('daily caps of a team', () => {
  it(`creates at most ${TEAM_DAILY_LIMITS.sessions} sessions a Taipei day, also in parallel, until an operator raises it`, async () => {
    const admin = await h.adminWithTeam('busy@example.com', '忙碌隊');
    for (let i = 0; i < 2; i++) {
      const weekly = await h.ok<{ sessions: unknown[] }>(
        'createSession/createSession',
        { ...h.sessionBody({ startsInHours: 48 + i }), publishState: 1, repeat: { weeks: 26 } },
        admin.token,
      );
      expect(weekly.sessions).toHaveLength(26);
    }
    const singles = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.adminCall('createSession/createSession', h.sessionBody({ startsInHours: 60 + i }), { token: admin.token }),
      ),
    );
    expect(singles.filter((r) => r.status === 200)).toHaveLength(TEAM_DAILY_LIMITS.sessions - 52);
    const refused = singles.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.error])).toEqual([
      [429, 'DAILY_SESSION_LIMIT'],
      [429, 'DAILY_SESSION_LIMIT'],
    ]);
    expect(refused[0]!.body.message).toBe("This team has reached today's limit of new sessions");
    const first = await h.ok<{ items: unknown[]; nextCursor: string }>(
      'courtSession/upcommingSessions',
      { scope: 'upcoming', limit: 50 },
      admin.token,
    );
    const rest = await h.ok<{ items: unknown[] }>(
      'courtSession/upcommingSessions',
      { scope: 'upcoming', limit: 50, cursor: first.nextCursor },
      admin.token,
    );
    expect(first.items.length + rest.items.length).toBe(TEAM_DAILY_LIMITS.sessions);

    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.team(admin.teamId),
        UpdateExpression: 'SET dailySessionLimit = :limit',
        ExpressionAttributeValues: { ':limit': 100 },
      }),
    );
    await h.newSession(admin.token, { startsInHours: 80 });
    await h.later(DAY_MS, async () => {
      const fresh = (await h.adminLogin('busy@example.com')).body.data!.token;
      await h.newSession(fresh, { startsInHours: 80 });
    });
  });

  it(`sends at most ${TEAM_DAILY_LIMITS.invites} invitations a Taipei day`, async () => {
    const owner = await h.adminWithTeam('inviter@example.com', '邀請上限隊');
    const sent = h.emails.sent.length;
    const results = await Promise.all(
      Array.from({ length: TEAM_DAILY_LIMITS.invites + 2 }, (_, i) =>
        h.adminCall('setting/inviteAdmin', { email: `co-${i}@example.com` }, { token: owner.token }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(TEAM_DAILY_LIMITS.invites);
    expect(results.filter((r) => r.body.error === 'DAILY_INVITE_LIMIT').map((r) => r.status)).toEqual([429, 429]);
    expect(h.emails.sent.length - sent).toBe(TEAM_DAILY_LIMITS.invites);
    const admins = await h.ok<{ invites: unknown[] }>('setting/getAdmins', {}, owner.token);
    expect(admins.invites).toHaveLength(TEAM_DAILY_LIMITS.invites);
    await h.later(DAY_MS, async () => {
      const fresh = (await h.adminLogin('inviter@example.com')).body.data!.token;
      await h.ok('setting/inviteAdmin', { email: 'tomorrow@example.com' }, fresh);
    });
  });
});

describe('wrong codes per account and day', () => {
  const reset = (email: string, code: string) =>
    h.adminCall('password/reset', { email, code, newPassword: 'after-the-guess-1' });
  const requestReset = (email: string) => h.adminCall('password/requestReset', { email });

  it('allows 10 wrong reset codes a day across new codes, then TOO_MANY_ATTEMPTS until the next Taipei day', async () => {
    const email = 'guessed@example.com';
    await h.adminSignup(email);
    const errors: (string | undefined)[] = [];
    for (const wrongTries of [4, 4, 2]) {
      h.clock.advance(61_000);
      await requestReset(email);
      const code = h.codeSentTo(email);
      for (let i = 0; i < wrongTries; i++) errors.push((await reset(email, otherThan(code))).body.error);
    }
    expect(errors.slice(0, 9).every((e) => e === 'CODE_INCORRECT')).toBe(true);
    expect(errors[9]).toBe('TOO_MANY_ATTEMPTS');
    const right = await reset(email, h.codeSentTo(email));
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many wrong codes today, please try again tomorrow');

    // TEST_NOW is 10:00 in Taipei: 14 hours on is the next Taipei day.
    await h.later(14 * 3_600_000, async () => {
      await requestReset(email);
      expect((await reset(email, h.codeSentTo(email))).status).toBe(200);
    });
  });

  it('answers a wrong code racing the right one with a clean refusal, never a 500', async () => {
    const email = 'racer@example.com';
    await h.adminSignup(email);
    slowWrongTries = true;
    try {
      for (let round = 0; round < 3; round++) {
        h.clock.advance(61_000);
        await requestReset(email);
        const code = h.codeSentTo(email);
        let committed = () => {};
        rightCommitted = new Promise((resolve) => {
          committed = resolve;
        });
        const right = () =>
          reset(email, code).then((r) => {
            if (r.status === 200) committed();
            return r;
          });
        const results = await Promise.all([
          reset(email, otherThan(code)),
          right(),
          reset(email, otherThan(code)),
          right(),
        ]);
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        for (const r of results.filter((x) => x.status !== 200)) {
          expect(r.status).toBe(400);
          expect(r.body).toMatchObject({ success: false, error: 'CODE_NOT_REQUESTED' });
        }
      }
    } finally {
      slowWrongTries = false;
    }
  });

  it('races admin verification codes the same way', async () => {
    const { token } = await h.adminSignup('verify-racer@example.com', undefined, undefined, { verified: false });
    const code = h.codeSentTo('verify-racer@example.com');
    let committed = () => {};
    rightCommitted = new Promise((resolve) => {
      committed = resolve;
    });
    slowWrongTries = true;
    try {
      const results = await Promise.all(
        [otherThan(code), code, otherThan(code), code].map((c) =>
          h.adminCall('email/verifyCode', { code: c }, { token }).then((r) => {
            if (r.status === 200) committed();
            return r;
          }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBeLessThan(500);
        expect(['CODE_NOT_REQUESTED', 'EMAIL_ALREADY_VERIFIED']).toContain(r.body.error);
      }
    } finally {
      slowWrongTries = false;
    }
  });
});
