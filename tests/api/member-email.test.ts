import { setTimeout } from 'node:timers/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';

let h: ApiHarness;
/**
 * Holds back the count of a wrong code until the right code racing it has committed (or 10 s
 * passed), so the right code commits first however slow the machine is.
 */
let slowWrongTries = false;
let rightCommitted: Promise<void> = Promise.resolve();
beforeAll(async () => {
  h = await createApiHarness({
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

const send = (token: string, email: string) =>
  h.call<{ pendingEmail: string; resendAvailableAt: string }>('checkState/email/sendCode', { email }, { token });
const verify = (token: string, code: string) => h.call('checkState/email/verifyCode', { code }, { token });
const codeIn = (to: string) => {
  const mail = [...h.emails.sent].reverse().find((m) => m.to === to);
  return /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
};
const minutes = (n: number) => h.clock.advance(n * 60_000);

describe('email verification', () => {
  it('sends a 6-digit code, verifies it and stores only its hash', async () => {
    const token = await h.login('Umail1', '信箱');
    const status = await h.call('checkState/email/emailStatus', undefined, { token });
    expect(status.body.data).toMatchObject({
      email: null,
      verified: false,
      pendingEmail: null,
      preferences: { news: true, waitlist: true, bookingReminder: true, sessionChange: true },
    });

    const sent = await send(token, ' Player@Example.TW ');
    expect(sent.status).toBe(200);
    expect(sent.body.data!.pendingEmail).toBe('player@example.tw');
    const mail = h.emails.sent.at(-1)!;
    expect(mail.to).toBe('player@example.tw');
    expect(mail.subject).toMatch(/^你的驗證碼 \d{6}$/);
    const code = codeIn('player@example.tw');
    expect(code).toMatch(/^\d{6}$/);

    const stored = await h.store.doc.send(
      new GetCommand({ TableName: h.store.tableName, Key: key.emailCode('line_Umail1') }),
    );
    expect(JSON.stringify(stored.Item)).not.toContain(code);

    const ok = await verify(token, code);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ email: 'player@example.tw', verified: true });
    const me = await h.call('checkState/checkAuth', undefined, { token });
    expect(me.body.data).toMatchObject({ email: 'player@example.tw', emailVerified: true });
    expect((await verify(token, code)).body.error).toBe('CODE_NOT_REQUESTED');
  });

  it("validates the address: 'Please enter email address', 'Please enter a valid email address'", async () => {
    const token = await h.login('Umail2');
    const empty = await send(token, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Please enter email address');
    const invalid = await send(token, 'not-an-email');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('Please enter a valid email address');
    expect(h.emails.sent.filter((m) => m.to === 'not-an-email')).toEqual([]);
  });

  it('holds resends back for 60 seconds', async () => {
    const token = await h.login('Umail3');
    await send(token, 'three@example.tw');
    const early = await send(token, 'three@example.tw');
    expect(early.status).toBe(429);
    expect(early.body.error).toBe('CODE_RESEND_COOLDOWN');
    const status = await h.call<{ resendAvailableAt: string }>('checkState/email/emailStatus', undefined, { token });
    expect(Date.parse(status.body.data!.resendAvailableAt)).toBe(h.clock.now().getTime() + 60_000);
    minutes(1);
    expect((await send(token, 'three@example.tw')).status).toBe(200);
  });

  it("refuses wrong codes: 'Incorrect verification code, please try again', then locks after 5", async () => {
    const token = await h.login('Umail4');
    await send(token, 'four@example.tw');
    const code = codeIn('four@example.tw');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await verify(token, wrong);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Incorrect verification code, please try again');
    }
    expect((await verify(token, wrong)).body.error).toBe('CODE_TOO_MANY_TRIES');
    expect((await verify(token, code)).body.error).toBe('CODE_TOO_MANY_TRIES');
    minutes(1);
    await send(token, 'four@example.tw');
    expect((await verify(token, codeIn('four@example.tw'))).status).toBe(200);
  });

  it("requires all six digits: 'Please enter the complete verification code'", async () => {
    const token = await h.login('Umail5');
    for (const code of ['12345', '1234567', '12a456']) {
      const res = await verify(token, code);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Please enter the complete verification code');
    }
  });

  it('expires codes after 10 minutes', async () => {
    const token = await h.login('Umail6');
    await send(token, 'six@example.tw');
    minutes(10);
    const fresh = await h.login('Umail6');
    expect((await verify(fresh, codeIn('six@example.tw'))).body.error).toBe('CODE_EXPIRED');
  });

  it("gives an address to one player only: 'This email address is already in use'", async () => {
    const owner = await h.login('Umail7');
    await send(owner, 'shared@example.tw');
    await verify(owner, codeIn('shared@example.tw'));
    const other = await h.login('Umail8');
    const res = await send(other, 'SHARED@example.tw');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This email address is already in use');
  });

  it("reports a failed send: 'Failed to send verification code, please try again later', and allows a retry at once", async () => {
    const token = await h.login('Umail9');
    h.emails.failNext = 1;
    const res = await send(token, 'nine@example.tw');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Failed to send verification code, please try again later');
    expect((await send(token, 'nine@example.tw')).status).toBe(200);
  });

  it('saves notification preferences and the language', async () => {
    const token = await h.login('Umail10');
    const res = await h.call<{ preferences: Record<string, boolean> }>(
      'checkState/email/updatePreferences',
      { news: false, bookingReminder: false },
      { token },
    );
    expect(res.body.data!.preferences).toEqual({
      news: false,
      newsDirect: false,
      waitlist: true,
      bookingReminder: false,
      sessionChange: true,
      line: true,
      email: true,
    });
    // Channels are switched on their own, for a player without a verified email too.
    const channel = await h.call<{ preferences: Record<string, boolean> }>(
      'checkState/email/updatePreferences',
      { line: false },
      { token },
    );
    expect(channel.body.data!.preferences).toMatchObject({
      news: false,
      bookingReminder: false,
      line: false,
      email: true,
    });
    expect((await h.call('checkState/email/updatePreferences', { line: 'off' }, { token })).status).toBe(400);
    expect((await h.call('checkState/email/updatePreferences', { news: 'no' }, { token })).status).toBe(400);
    const lang = await h.call<{ language: string }>('checkState/setting/updateProfile', { language: 'ja' }, { token });
    expect(lang.body.data!.language).toBe('ja');
    expect((await h.call('checkState/setting/updateProfile', { language: 'fr' }, { token })).status).toBe(400);
    await send(token, 'ten@example.tw');
    expect(h.emails.sent.at(-1)!.subject).toMatch(/^認証コード \d{6}$/);
  });

  it("needs a token: 'No token found'", async () => {
    for (const [path, body] of [
      ['checkState/email/emailStatus', undefined],
      ['checkState/email/sendCode', { email: 'a@b.tw' }],
      ['checkState/email/verifyCode', { code: '123456' }],
    ] as const) {
      const res = await h.call(path, body);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('No token found');
    }
  });
});

describe('wrong codes per player and day', () => {
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('allows 10 wrong codes a day across new codes, then TOO_MANY_ATTEMPTS until the next Taipei day', async () => {
    const token = await h.login('Umailday', '猜碼');
    const errors: (string | undefined)[] = [];
    for (const wrongTries of [4, 4, 2]) {
      minutes(1);
      await send(token, 'day@example.tw');
      const code = codeIn('day@example.tw');
      for (let i = 0; i < wrongTries; i++) errors.push((await verify(token, otherThan(code))).body.error);
    }
    expect(errors.slice(0, 9)).toEqual(Array(9).fill('CODE_INCORRECT'));
    expect(errors[9]).toBe('TOO_MANY_ATTEMPTS');
    minutes(1);
    await send(token, 'day@example.tw');
    const blocked = await verify(token, codeIn('day@example.tw'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many wrong codes today, please try again tomorrow');

    // TEST_NOW is 10:00 in Taipei: 14 hours on is the next Taipei day.
    h.clock.advance(14 * 3_600_000);
    const fresh = await h.login('Umailday', '猜碼');
    await send(fresh, 'day@example.tw');
    expect((await verify(fresh, codeIn('day@example.tw'))).status).toBe(200);
  });

  it('answers a wrong code racing the right one with a clean refusal, never a 500', async () => {
    const token = await h.login('Umailrace', '競速');
    await send(token, 'race@example.tw');
    const code = codeIn('race@example.tw');
    let committed = () => {};
    rightCommitted = new Promise((resolve) => {
      committed = resolve;
    });
    slowWrongTries = true;
    try {
      const results = await Promise.all(
        [otherThan(code), code, otherThan(code), code].map((c) =>
          verify(token, c).then((r) => {
            if (r.status === 200) committed();
            return r;
          }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ success: false, error: 'CODE_NOT_REQUESTED' });
      }
    } finally {
      slowWrongTries = false;
    }
    const me = await h.call('checkState/checkAuth', undefined, { token });
    expect(me.body.data).toMatchObject({ email: 'race@example.tw', emailVerified: true });
  });
});
