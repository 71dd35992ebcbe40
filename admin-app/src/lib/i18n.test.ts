import { join } from 'node:path';
import { LANGUAGES } from '@shuttle/shared';
import { keyPaths, resources } from '@shuttle/shared/i18n';
import { formatMoney } from '@shuttle/shared/web/format.ts';
import { i18next } from '@shuttle/shared/web/i18n-loader.ts';
import { itChecksTranslations, valueAt } from '@shuttle/shared/web/testing-i18n.ts';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n';

describe('admin app translations', () => {
  // The brand name is the same in every language.
  itChecksTranslations('admin', join(import.meta.dirname, '..'), { brand: /^\s*(Shuttle|Admin)\s*$/ });

  it('has the whole admin namespace', () => {
    expect(keyPaths(resources['zh-TW'].admin ?? {}).length).toBeGreaterThan(300);
  });

  it('is really translated: no language copies the English text wholesale', () => {
    const en = resources.en.admin!;
    const keys = keyPaths(en);
    for (const lng of LANGUAGES.filter((l) => l !== 'en')) {
      const same = keys.filter((key) => valueAt(resources[lng].admin, key) === valueAt(en, key));
      // Names of languages, 'VIP', link and id examples and the like may stay as they are.
      expect(same.length / keys.length, `${lng} shares ${same.join(', ')}`).toBeLessThan(0.06);
    }
  });

  it('switches language at run time, remembers it under the shared key and formats money per language', async () => {
    await changeLanguage('ja');
    expect(i18next.t('startup.noRegionTitle')).toBe('既定の場所が未設定です');
    expect(i18next.t('errors:SESSION_FULL')).toBe(resources.ja.errors!.SESSION_FULL);
    expect(localStorage.getItem('language')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    await changeLanguage('en');
    expect(i18next.t('session.bookingClosed')).toBe('Booking Closed');
    expect(formatMoney(1250)).toBe('NT$1,250');
    await changeLanguage('de');
    expect(formatMoney(1250)).toBe('1.250 NT$');
    await changeLanguage('zh-TW');
    expect(formatMoney(250)).toBe('250 元');
    expect(i18next.t('startup.noRegionMessage')).toBe('請先設定預設地點 ( 設定 > 場地資訊設定 )');
    expect(i18next.t('modal.confirm')).toBe('確認');
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
  });
});
