import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i18next } from '@shuttle/shared/web/i18n-loader.ts';
import { itChecksTranslations } from '@shuttle/shared/web/testing-i18n.ts';
import { describe, expect, it } from 'vitest';
import { changeLanguage, loadNamespace } from './i18n';

describe('member app translations', () => {
  itChecksTranslations('member', join(import.meta.dirname, '..'), { errorCodes: true, onDemand: ['pages'] });

  it('addresses the player one way in zh-TW, 你 (never 您): the app, its errors and pages, LINE and e-mail', () => {
    for (const ns of ['member', 'errors', 'pages', 'notifications']) {
      const file = join(import.meta.dirname, `../../../shared/src/i18n/locales/zh-TW/${ns}.json`);
      const texts = readFileSync(file, 'utf8');
      expect({ ns, formal: texts.match(/"[^"]*您[^"]*"/g) ?? [] }).toEqual({ ns, formal: [] });
      expect(texts).toContain('你');
    }
  });

  it("loads the reading pages' texts when asked, and with every language chosen after that", async () => {
    await changeLanguage('zh-TW');
    expect(i18next.hasResourceBundle('zh-TW', 'pages')).toBe(false);
    await loadNamespace('pages');
    expect(i18next.t('privacy.title', { ns: 'pages' })).toBe('隱私權政策');
    await changeLanguage('de');
    expect(i18next.t('privacy.title', { ns: 'pages' })).toBe('Datenschutzerklärung');
    await changeLanguage('zh-TW');
  });

  it('switches language at run time and remembers the choice', async () => {
    await changeLanguage('ja');
    expect(i18next.t('modal.confirm')).toBe('確認');
    expect(i18next.t('session.bookingClosed')).toBe('受付終了');
    expect(localStorage.getItem('language')).toBe('ja');
    await changeLanguage('en');
    expect(i18next.t('auth.notLoggedIn')).toBe('You are not logged in, please log in to continue.');
    expect(i18next.t('session.bookingClosed')).toBe('Booking Closed');
    expect(i18next.t('common.money', { amount: '250' })).toBe('NT$250');
    await changeLanguage('zh-TW');
    expect(i18next.t('common.money', { amount: '250' })).toBe('250 元');
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
  });
});
