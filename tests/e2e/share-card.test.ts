import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, layoutProblems, settle } from './a11y.ts';
import { desktop, loginAsDemoAdmin } from './admin-browser.ts';
import { animationsDone, launchChromium, openSessions, poll, screenshot } from './browser.ts';

/**
 * The share card of issue 30 (docs/LINE.md, "Share card") at phone width (390 px): the organiser
 * shares a session to the group from its admin page (分享到群組), and the link they copied opens
 * the public share page, readable and accessible in both colour schemes.
 */
let browser: Browser;
let page: Page;
let closeContext: () => Promise<void>;
let sessionId: string;

beforeAll(async () => {
  browser = await launchChromium();
  const { context, page: p } = await desktop(browser, { viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = p;
  closeContext = () => context.close();
  await loginAsDemoAdmin(page);
  // A public session of the demo admin's team, open for sign-up: on their board and in the visitor list.
  const open = new Set((await openSessions()).map((s) => s.id));
  await page.getByTestId('session-row').first().waitFor();
  const ids = await page
    .getByTestId('session-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session-id') ?? ''));
  sessionId = ids.find((id) => open.has(id))!;
  expect(sessionId).toBeTruthy();
});
afterAll(async () => {
  await closeContext?.();
  await browser?.close();
});

async function checkBothSchemes(touch = false) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await animationsDone(page);
    await expectAccessible(page, touch);
    expect(await layoutProblems(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the share card', () => {
  it('分享到群組 on the session page copies the share link where the browser has no share sheet', async () => {
    await page.goto(`/admin/detail?id=${sessionId}`);
    await settle(page, '[data-testid="session-detail"] [data-testid="session-info"]');
    // Desktop Chromium on Linux has no Web Share API: the link is copied.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    const button = page.getByRole('button', { name: '分享到群組' });
    await button.scrollIntoViewIfNeeded();
    await checkBothSchemes();
    await button.click();
    const modal = page.getByRole('alertdialog');
    await poll(() => modal.innerText()).toContain('已複製分享連結');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL(`/api/share/${sessionId}`, page.url()).href);
    await screenshot(page, 'share-01-admin-copied');
    await modal.getByRole('button', { name: '確認' }).click();
  });

  it('opens the share page: the card with its Open Graph tags, readable at 390 px, light and dark', async () => {
    const response = await page.goto(`/api/share/${sessionId}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const title = await page.getByRole('heading', { level: 1 }).innerText();
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);
    const description = await page.locator('meta[property="og:description"]').getAttribute('content');
    expect(description).toMatch(/\d{2}:\d{2}/);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toContain(
      `/api/share/${sessionId}/card.png`,
    );
    // The preview image loads: a 1200 x 630 PNG.
    const size = await page
      .locator('article img')
      .evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]));
    expect(size).toEqual([1200, 630]);
    await checkBothSchemes(true);
    await screenshot(page, 'share-02-page', true);
    // The browser button opens the session in the member app.
    const web = page.getByTestId('share-open-web');
    expect(await web.getAttribute('href')).toMatch(new RegExp(`/session\\?id=${sessionId}$`));
    await web.click();
    await page.waitForURL((url) => url.pathname === '/session' && url.searchParams.get('id') === sessionId);
  });
});
