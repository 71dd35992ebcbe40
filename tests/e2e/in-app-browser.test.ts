import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phone, poll, screenshot, UA } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('in-app browsers', () => {
  it('asks Facebook users for an external browser and copies the address', async () => {
    const { context, page } = await phone(browser, {
      userAgent: UA.facebook,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto('/session?id=demo');
    const notice = page.getByRole('alertdialog', { name: '請使用外部瀏覽器' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Chrome、Safari');
    await screenshot(page, '23-in-app-facebook');

    await notice.getByRole('button', { name: '複製網址', exact: true }).click();
    const copied = notice.getByRole('button', { name: '已複製網址' });
    await copied.waitFor();
    expect(await copied.isDisabled()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).href}`);
    await screenshot(page, '24-in-app-copied');
    await notice.getByRole('button', { name: '複製網址', exact: true }).waitFor({ timeout: 7_000 });
    expect(await notice.getByRole('button', { name: '複製網址', exact: true }).isEnabled()).toBe(true);
    await context.close();
  });

  it('asks Instagram users for an external browser', async () => {
    const { context, page } = await phone(browser, { userAgent: UA.instagram });
    await page.goto('/');
    await page.getByRole('alertdialog', { name: '請使用外部瀏覽器' }).waitFor();
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
