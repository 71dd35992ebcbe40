import { describe, expect, it } from 'vitest';
import { accounts, translate as translateAccounts } from '../src/i18n/accounts.ts';
import { adminMoneyCsv, translate as translateMoneyCsv } from '../src/i18n/admin-money-csv.ts';
import { emailCodeTexts, translate as translateEmailCode } from '../src/i18n/email-code.ts';
import { keyPaths, NAMESPACES, resources, translate } from '../src/i18n/index.ts';
import { notifications, translate as translateNotifications } from '../src/i18n/notifications.ts';
import { ERROR_CODES, LANGUAGES } from '../src/index.ts';

describe('translations', () => {
  it.each(NAMESPACES)('namespace %s has every key in all five languages', (ns) => {
    const reference = new Set(LANGUAGES.flatMap((lng) => keyPaths(resources[lng][ns] ?? {})));
    for (const lng of LANGUAGES) {
      const keys = new Set(keyPaths(resources[lng][ns] ?? {}));
      const missing = [...reference].filter((k) => !keys.has(k));
      expect(missing, `${lng}/${ns}.json is missing keys`).toEqual([]);
    }
  });

  it('has no empty translation', () => {
    for (const lng of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const tree = resources[lng][ns] ?? {};
        for (const path of keyPaths(tree)) {
          const value = path.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree);
          expect(typeof value === 'string' && value.trim().length > 0, `${lng}/${ns}:${path}`).toBe(true);
        }
      }
    }
  });

  it('translates every API error code', () => {
    const errors = resources['zh-TW'].errors ?? {};
    expect(ERROR_CODES.filter((code) => !(code in errors))).toEqual([]);
  });

  it('interpolates and falls back to English', () => {
    expect(translate('ja', 'notifications', 'emailCode.subject', { code: '123456' })).toBe('認証コード 123456');
    expect(translate(null, 'errors', 'BOOKING_CLOSED')).toBe('已截止報名');
    expect(translate('en', 'errors', 'ALREADY_CHECKED_IN')).toBe('Already checked in, cancellation failed.');
  });

  it('gives servers per-namespace modules with the same texts as the full table', () => {
    for (const lng of LANGUAGES) {
      expect(notifications[lng]).toBe(resources[lng].notifications);
      expect(accounts[lng]).toBe(resources[lng].accounts);
      expect(adminMoneyCsv[lng]).toEqual({ moneyCsv: resources[lng].admin?.moneyCsv });
      expect(emailCodeTexts[lng]).toEqual({ emailCode: resources[lng].notifications?.emailCode });
    }
    expect(translateEmailCode('de', 'notifications', 'emailCode.body', { code: '123456', minutes: 10 })).toBe(
      translate('de', 'notifications', 'emailCode.body', { code: '123456', minutes: 10 }),
    );
    expect(translateNotifications('ja', 'notifications', 'emailCode.subject', { code: '123456' })).toBe(
      translate('ja', 'notifications', 'emailCode.subject', { code: '123456' }),
    );
    expect(translateAccounts('en', 'accounts', 'invite.subject', {})).toBe(
      translate('en', 'accounts', 'invite.subject'),
    );
    expect(translateMoneyCsv('de', 'admin', 'moneyCsv.title')).toBe(translate('de', 'admin', 'moneyCsv.title'));
    expect(translateMoneyCsv(null, 'admin', 'moneyCsv.title')).not.toBe('moneyCsv.title');
  });
});
