import { notifierRepositories } from '@shuttle/functions/app/jobs.ts';
import { OutboxDispatcher } from '@shuttle/functions/notifications/dispatcher.ts';
import type { PaymentDetailsSettings } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/**
 * Where players pay is the owner's (docs/MONEY.md, "Who changes where players pay"): only an
 * owner of the team with a verified email changes it, every change emails the team's owners the
 * old and new details, and pay links are plain https without invisible or direction characters.
 */
let h: AdminHarness;
let dispatcher: OutboxDispatcher;
beforeAll(async () => {
  h = await createAdminHarness();
  dispatcher = new OutboxDispatcher({
    store: h.store,
    repositories: notifierRepositories(h.store),
    clock: h.clock,
    line: null,
    mailer: h.emails,
    appBaseUrl: 'https://shuttle.test',
    log: { warn: () => {}, error: () => {} },
  });
});
afterAll(() => h.close());
beforeEach(() => {
  h.emails.sent.length = 0;
});

const DETAILS = {
  bankCode: '812',
  bankAccount: '001234567890',
  linePayUrl: 'https://line.me/R/pay/team',
  jkoPayUrl: '',
};

const inviteTokenIn = (text: string) => /invite=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

/** A team with its owner and a co-admin (an `admin`) who accepted an invitation; both emails verified. */
async function teamWithCoAdmin(prefix: string, role: 'admin' | 'owner' = 'admin') {
  const owner = await h.adminWithTeam(`${prefix}-owner@example.com`, `${prefix} 羽球隊`);
  await h.ok('setting/inviteAdmin', { email: `${prefix}-co@example.com`, role }, owner.token);
  const token = inviteTokenIn(h.emails.sent.at(-1)!.text);
  const co = await h.adminSignup(`${prefix}-co@example.com`, `${prefix} 副手`);
  await h.ok('setting/acceptInvite', { token }, co.token);
  h.emails.sent.length = 0;
  return { owner, co };
}

const update = (token: string, body: Record<string, unknown>) =>
  h.adminCall<PaymentDetailsSettings>('setting/updatePaymentDetails', body, { token });
const read = (token: string) => h.ok<PaymentDetailsSettings>('setting/getPaymentDetails', {}, token);

/** Delivers the pending owner notices as the notifier does; the emails land in the capture. */
async function deliverNotices() {
  const pending = (await h.outbox()).filter((r) => r.kind === 'paymentDetailsChanged');
  for (const record of pending) await dispatcher.deliver({ id: String(record.id) });
  return pending;
}

describe('setting/updatePaymentDetails', () => {
  it("refuses a co-admin with 403 OWNER_ONLY and changes nothing; the co-admin reads them as 'ownerOnly'", async () => {
    const { owner, co } = await teamWithCoAdmin('pdco');
    expect((await update(owner.token, DETAILS)).status).toBe(200);
    await deliverNotices();
    h.emails.sent.length = 0;
    const before = await h.snapshot();

    const res = await update(co.token, { ...DETAILS, linePayUrl: 'https://attacker.example/pay' });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: 'OWNER_ONLY' });
    expect(await h.snapshot()).toEqual(before);
    expect(await read(co.token)).toEqual({ ...DETAILS, accountName: '', editable: 'ownerOnly' });
    expect(await deliverNotices()).toEqual([]);
    expect(h.emails.sent).toEqual([]);
  });

  it('refuses an owner whose email is not verified with 403 EMAIL_NOT_VERIFIED', async () => {
    const { token } = await h.adminSignup('pd-unverified@example.com', '未驗證', undefined, { verified: false });
    await h.ok('setting/createTeam', { team_name: '未驗證隊', default_region: '台北市' }, token);
    const { token: current } = (await h.adminLogin('pd-unverified@example.com')).body.data!;
    const before = await h.snapshot();

    const res = await update(current, DETAILS);

    expect([res.status, res.body.error]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    expect(await h.snapshot()).toEqual(before);
    expect(await read(current)).toMatchObject({ bankAccount: '', editable: 'verifyEmail' });
  });

  it("lets the verified owner change them and emails every owner the old and new details in the team's language", async () => {
    const { owner, co } = await teamWithCoAdmin('pdown', 'owner');
    await h.ok('setting/updateGroupAnnouncements', { language: 'en' }, owner.token);
    expect((await update(owner.token, DETAILS)).body.data).toEqual({ ...DETAILS, accountName: '', editable: 'yes' });
    await deliverNotices();
    h.emails.sent.length = 0;

    const changed = {
      ...DETAILS,
      accountName: '羽球隊 王小明',
      bankAccount: '009876543210',
      linePayUrl: 'https://line.me/R/pay/new',
    };
    const res = await update(co.token, changed);

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...changed, editable: 'yes' });
    expect(await read(owner.token)).toEqual({ ...changed, editable: 'yes' });
    expect((await deliverNotices()).length).toBe(1);
    expect(h.emails.sent.map((m) => m.to).sort()).toEqual(['pdown-co@example.com', 'pdown-owner@example.com']);
    const t = (path: string, vars: Record<string, string> = {}) =>
      translate('en', 'notifications', `paymentDetails.${path}`, vars);
    const mail = h.emails.sent[0]!;
    expect(mail.subject).toBe(t('emailSubject', { team: 'pdown 羽球隊' }));
    expect(mail.text).toContain('pdown 副手');
    expect(mail.text).toContain(
      t('change', { field: t('fields.bank'), before: '812 001234567890', after: '812 009876543210' }),
    );
    expect(mail.text).toContain(
      t('change', {
        field: t('fields.linePay'),
        before: 'https://line.me/R/pay/team',
        after: 'https://line.me/R/pay/new',
      }),
    );
    // The account holder's name (戶名) is part of where players pay: its change is told too.
    expect(mail.text).toContain(
      t('change', { field: t('fields.accountName'), before: t('none'), after: '羽球隊 王小明' }),
    );
    // JKO Pay did not change: no line for it.
    expect(mail.text).not.toContain(t('fields.jkoPay'));
  });

  it('writes and tells nothing when the details stay the same', async () => {
    const owner = await h.adminWithTeam('pd-same@example.com');
    expect((await update(owner.token, DETAILS)).status).toBe(200);
    await deliverNotices();
    const before = await h.snapshot();
    expect((await update(owner.token, DETAILS)).status).toBe(200);
    expect(await h.snapshot()).toEqual(before);
  });

  it.each([
    ['a right-to-left override', 'https://pay.example/\u202egnp.exe', 'invisible characters or direction controls'],
    ['a left-to-right isolate', 'https://pay.example/\u2066x\u2069', 'invisible characters or direction controls'],
    ['a right-to-left mark', 'https://pay.example/\u200fpay', 'invisible characters or direction controls'],
    ['an Arabic letter mark', 'https://pay.example/\u061cpay', 'invisible characters or direction controls'],
    ['a zero-width space', 'https://line.me/\u200bR/pay', 'invisible characters or direction controls'],
    ['a Hangul filler', 'https://line.me/R/pay\u3164', 'invisible characters or direction controls'],
    ['a look-alike Cyrillic letter', 'https://linе.me/R/pay', 'plain https addresses'],
    ['a space', 'https://line.me/R/pay team', 'invisible characters or direction controls'],
    ['plain http', 'http://line.me/R/pay', 'https addresses'],
    ['a javascript: link', 'javascript:alert(1)', 'https addresses'],
    ['a data: link', 'data:text/html,<b>pay</b>', 'https addresses'],
    ['no scheme', 'line.me/R/pay', 'https addresses'],
    ['a user name in it', 'https://line.me@attacker.example/pay', 'No credentials'],
  ])('refuses a pay link with %s: 400 with what is wrong, nothing written', async (kind, link, message) => {
    const owner = await h.adminWithTeam(`pd-link-${kind.replace(/[^a-z]/g, '')}@example.com`);
    const before = await h.snapshot();
    for (const field of ['linePayUrl', 'jkoPayUrl']) {
      const res = await update(owner.token, { ...DETAILS, [field]: link });
      expect([res.status, res.body.error], field).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.message).toContain(field);
      expect(res.body.message).toContain(message);
    }
    expect(await h.snapshot()).toEqual(before);
  });
});
