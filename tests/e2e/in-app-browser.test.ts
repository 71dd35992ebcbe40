import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phone, poll, screenshot, UA } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('in-app browsers', () => {
  it('lets Facebook users read sessions, and explains LINE and Chrome when they sign in', async () => {
    const { context, page } = await phone(browser, {
      userAgent: UA.facebook,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto('/');
    // Reading is not blocked: the list shows behind a banner, with no dialog over it.
    const banner = page.getByTestId('in-app-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('在 Facebook 裡可以看場次，但無法登入或預約。');
    await poll(() => page.getByTestId('session-card').count()).toBeGreaterThan(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await screenshot(page, '23-in-app-facebook');

    // Signing in is what cannot work here: the explanation, LINE first, then Chrome by intent.
    await page.getByTestId('top-login').click();
    const notice = page.getByRole('alertdialog', { name: '請使用外部瀏覽器' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Facebook 的內建瀏覽器無法完成登入');
    expect(await notice.getByTestId('open-in-line').getAttribute('href')).toMatch(/^https:\/\/liff\.line\.me\//);
    const host = new URL(page.url()).host;
    expect(await notice.getByRole('link', { name: '用 Chrome 開啟' }).getAttribute('href')).toBe(
      `intent://${host}/login${new URL(page.url()).search}#Intent;scheme=https;package=com.android.chrome;end`,
    );
    await screenshot(page, '24-in-app-sign-in');

    await notice.getByRole('button', { name: '複製網址', exact: true }).click();
    const copied = notice.getByRole('button', { name: '已複製網址' });
    await copied.waitFor();
    expect(await copied.isDisabled()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).href}`);
    await notice.getByRole('button', { name: '複製網址', exact: true }).waitFor({ timeout: 7_000 });
    expect(await notice.getByRole('button', { name: '複製網址', exact: true }).isEnabled()).toBe(true);

    // 先繼續瀏覽 goes back to reading.
    await notice.getByRole('button', { name: '先繼續瀏覽' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await poll(() => page.getByTestId('session-card').count()).toBeGreaterThan(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });

  it('gives Instagram users on iOS the copy-link steps, in English too', async () => {
    const { context, page } = await phone(browser, { userAgent: UA.instagram, language: 'en' });
    await page.goto('/');
    const banner = page.getByTestId('in-app-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('In Instagram you can browse sessions, but not sign in or book.');
    await banner.getByRole('button', { name: 'How to open' }).click();
    const notice = page.getByRole('alertdialog', { name: 'Please use an external browser' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Open Chrome or Safari and paste the address');
    expect(await notice.getByRole('link', { name: 'Open in Chrome' }).count()).toBe(0);
    await screenshot(page, '24b-in-app-instagram-en');
    await notice.getByRole('button', { name: 'Keep browsing' }).click();
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    expect(await page.getByTestId('in-app-banner').count()).toBe(0);
    await context.close();
  });

  it('shows no notice inside LINE, signs the player in silently and never offers Google', async () => {
    const { context, page } = await phone(browser, {
      userAgent: UA.line,
      identity: { sub: 'Ue2elineclient0000000000000001', name: '吳line' },
    });
    await page.goto('/');
    await poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
    await poll(() => page.getByTestId('session-card').count()).toBeGreaterThan(0);
    expect(await page.getByText('請使用外部瀏覽器').count()).toBe(0);
    expect(await page.getByTestId('top-login').count()).toBe(0);
    await screenshot(page, '25-line-client-home');

    // Inside LINE a session can be shared to a chat with the target picker.
    await page.getByTestId('session-card').first().click();
    await page.getByTestId('share-session').click();
    await poll(() => page.getByRole('alertdialog').innerText()).toContain('已分享');
    await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();

    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(await page.getByTestId('google-login').count()).toBe(0);
    await context.close();
  });
});
