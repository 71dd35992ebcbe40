import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, loginThroughUi, phone, poll } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('becoming a team leader', () => {
  it('opens an admin account linked to the player and lands in the admin app signed in', async () => {
    const { context, page } = await phone(browser, {
      identity: { sub: 'Ue2leader000000000000000000001', name: '林隊長' },
    });
    await loginThroughUi(page, '/setting');
    await page.getByTestId('become-leader').click();
    // It asks first: the admin account cannot be removed afterwards.
    const confirm = page.getByTestId('become-leader-confirm');
    await poll(() => confirm.innerText()).toContain('成為團長？');
    await confirm.getByRole('button', { name: '成為團長', exact: true }).click();
    await page.waitForURL(/\/admin\//, { timeout: 20_000 });
    const adminToken = await page.evaluate(() => window.localStorage.getItem('admin-token'));
    expect(adminToken).toBeTruthy();

    const check = await fetch(`${baseUrl()}/api/admin/check-auth`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(check.status).toBe(200);
    expect(((await check.json()) as { data: { displayName: string } }).data.displayName).toBe('林隊長');

    // Back in the member app, the player is now a team leader and an admin.
    await page.goto('/setting');
    await poll(() => page.getByTestId('admin-link').count()).toBe(1);
    expect(await page.getByTestId('become-leader').count()).toBe(0);
    await context.close();
  });
});
