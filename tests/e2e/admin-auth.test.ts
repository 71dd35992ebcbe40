import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, desktop, loginAsDemoAdmin } from './admin-browser.ts';
import { baseUrl, launchChromium, poll, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The newest code the local stack emailed to `address` (from the capture at /dev/emails). */
async function codeSentTo(address: string): Promise<string> {
  const emails = (await (await fetch(`${baseUrl()}/dev/emails`)).json()) as { to: string; text: string }[];
  const code = /\b(\d{6})\b/.exec(emails.filter((e) => e.to === address).at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`No code was emailed to ${address}`);
  return code;
}

const LANGUAGES = [
  { code: 'en', board: 'Dashboard', members: 'Members', lang: 'en' },
  { code: 'es', board: 'Panel', members: 'Miembros', lang: 'es' },
  { code: 'ja', board: 'ダッシュボード', members: 'メンバー', lang: 'ja' },
  { code: 'de', board: 'Übersicht', members: 'Mitglieder', lang: 'de' },
  { code: 'zh-TW', board: '總覽', members: '成員管理', lang: 'zh-Hant-TW' },
];

describe('admin login', () => {
  it('sends a visitor of a guarded page to /admin/login and back after signing in', async () => {
    const { context, page } = await desktop(browser);
    await page.goto('/admin/members');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/members');
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('管理員登入');
    await screenshot(page, 'admin-01-login');

    await page.getByLabel('電子郵件').fill(DEMO_ADMIN.email);
    await page.getByLabel('密碼', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await poll(() => page.getByTestId('login-error').innerText()).toBe('電子郵件或密碼錯誤');

    await page.getByLabel('密碼', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/members');
    await poll(() => page.getByTestId('member-row').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.localStorage.getItem('admin-token'))).toBeTruthy();
    await context.close();
  });

  it('shows the demo admin the board, switches team, language, and logs out', async () => {
    const { context, page } = await desktop(browser);
    await loginAsDemoAdmin(page);
    await poll(() => page.getByTestId('current-team').innerText()).toBe('大安羽球同好會');
    await poll(() => page.getByTestId('stat-revenue').innerText()).toMatch(/\d[\d,]* 元/);
    expect(await page.getByTestId('board-today').isVisible()).toBe(true);
    expect(await page.getByTestId('board-upcoming').isVisible()).toBe(true);
    await poll(() => page.getByTestId('board-recent').locator('li').count()).toBeGreaterThan(0);
    await poll(() => page.getByTestId('all-sessions').getByTestId('session-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-02-board', true);

    // Team switcher: the other demo team, then back.
    await page.getByTestId('team-switcher').click();
    await page.locator('[data-testid="team-option"][data-team-id="team-taichung-happy"]').click();
    await poll(() => page.getByRole('alertdialog').innerText()).toContain('台中快樂羽球');
    await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
    await poll(() => page.getByTestId('current-team').innerText()).toBe('台中快樂羽球');
    await poll(() => page.getByTestId('board').getByRole('heading', { level: 1 }).innerText()).toBe('總覽');
    await page.getByTestId('team-switcher').click();
    await page.locator('[data-testid="team-option"][data-team-id="team-daan-smash"]').click();
    await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
    await poll(() => page.getByTestId('current-team').innerText()).toBe('大安羽球同好會');

    // Every language, remembered under the key the member app shares.
    for (const language of LANGUAGES) {
      await page.getByTestId('language-select').first().selectOption(language.code);
      await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(language.board);
      expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe(language.code);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.lang);
      await poll(() => page.getByTestId('nav-members').innerText()).toBe(language.members);
      if (language.code === 'en') {
        await poll(() => page.getByTestId('stat-revenue').innerText()).toMatch(/NT\$\d/);
        await screenshot(page, 'admin-09-board-en');
        await page.reload();
        await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Dashboard');
      }
    }

    // Logging out asks first (issue 22): cancelling keeps the admin in, confirming logs out.
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm').getByRole('button').first().click();
    await poll(() => page.getByTestId('logout-confirm').count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('admin-token'))).not.toBeNull();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm').locator('[data-autofocus]').click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await page.evaluate(() => window.localStorage.getItem('admin-token'))).toBeNull();
    await page.goto('/admin/');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await context.close();
  });

  it('works on a phone: the menu opens as a drawer', async () => {
    const { context, page } = await desktop(browser, { viewport: { width: 390, height: 844 } });
    await loginAsDemoAdmin(page);
    await poll(() => page.getByTestId('stat-revenue').isVisible()).toBe(true);
    expect(await page.getByTestId('nav-members').isVisible()).toBe(false);
    await screenshot(page, 'admin-12-board-phone');
    await page.getByRole('button', { name: '開啟選單' }).click();
    await poll(() => page.getByTestId('nav-members').isVisible()).toBe(true);
    await page.getByTestId('nav-members').click();
    await page.waitForURL((url) => url.pathname === '/admin/members');
    await poll(() => page.getByTestId('nav-members').isVisible()).toBe(false);
    await poll(() => page.getByTestId('member-row').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a new admin signs up, creates a team and is sent to set its default location', async () => {
    const { context, page } = await desktop(browser);
    await page.goto('/admin/login');
    await page.getByTestId('auth-mode-switch').click();
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('註冊管理員帳號');
    const email = `coach-${Date.now()}@e2e.shuttle.tw`;
    await page.getByLabel('顯示名稱').fill('林教練');
    await page.getByLabel('電子郵件').fill(email);
    await page.getByLabel('密碼', { exact: true }).fill('e2e-password-123');
    await page.getByLabel('再次輸入密碼').fill('e2e-password-123');
    await page.getByRole('button', { name: '註冊', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/admin/signedup');
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('建立您的球隊');
    await page.getByLabel('球隊名稱').fill(`E2E 球隊 ${Date.now()}`);
    await screenshot(page, 'admin-10-signedup');
    await page.getByRole('button', { name: '建立球隊並開始' }).click();

    // No default region yet: the start-up warning, then the location settings.
    const modal = page.getByRole('alertdialog');
    await poll(() => modal.innerText()).toContain('尚未設定預設地點');
    expect(await modal.innerText()).toContain('請先設定預設地點 ( 設定 > 場地資訊設定 )');
    await page.waitForURL((url) => url.pathname === '/admin/setting/location');
    await screenshot(page, 'admin-11-startup-warning');
    await modal.getByRole('button', { name: '確認' }).click();

    await page.getByTestId('default-region').selectOption('新竹市');
    await page.getByTestId('default-place-form').getByRole('button', { name: '儲存' }).click();
    await poll(() => page.getByRole('alertdialog').innerText()).toContain('已儲存');
    await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
    await page.reload();
    await poll(() => page.getByTestId('default-region').inputValue()).toBe('新竹市');
    expect(new URL(page.url()).pathname).toBe('/admin/setting/location');

    // Until the emailed code is entered, the board asks for it (and fits a phone).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/');
    const banner = page.getByTestId('verify-email-banner');
    // The board's chunk and the banner's load on demand: on a busy machine that can outlast a poll.
    await banner.first().waitFor({ timeout: 30_000 });
    await poll(() => banner.innerText()).toContain(email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-13-verify-email-phone');
    await banner.getByLabel('驗證碼').fill(await codeSentTo(email));
    await banner.getByRole('button', { name: '驗證', exact: true }).click();
    await poll(() => page.getByRole('alertdialog').innerText()).toContain('電子郵件已驗證');
    await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
    await poll(() => banner.count()).toBe(0);
    await page.reload();
    await page.getByTestId('board').waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
