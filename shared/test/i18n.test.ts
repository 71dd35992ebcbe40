import { describe, expect, it } from 'vitest';
import { keyPaths, NAMESPACES, resources, translate } from '../src/i18n/index.ts';
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
});
