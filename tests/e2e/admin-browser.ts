import { DEMO_ADMIN } from '@shuttle/functions/local/seed.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, followStackClock, stackNow, watchCsp } from './browser.ts';

/** Shared helpers of the admin-app journeys: a desktop browser, the demo admin, API set-up. */

export { DEMO_ADMIN };

/** A desktop browser context (1366×860) in Taipei time, talking to the local stack. */
export async function desktop(
  browser: Browser,
  options: { language?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? { width: 1366, height: 860 },
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
  });
  if (options.language) {
    await context.addInitScript((language) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', language);
    }, options.language);
  }
  await watchCsp(context);
  await followStackClock(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[admin page error] ${error.message}`));
  return { context, page };
}

/** Signs in on /admin/login as a person would and waits for the board. */
export async function loginAsDemoAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('電子郵件').fill(DEMO_ADMIN.email);
  await page.getByLabel('密碼', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin');
  await page.getByTestId('board').waitFor();
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

export async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${path} answered ${response.status}: ${envelope.message}`);
  return envelope.data;
}

/** A new player signed in through the local identity provider, as the member app does. */
export async function newPlayer(name: string): Promise<{ token: string; name: string }> {
  const sub = `Ue2eadmin${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`.padEnd(33, '0');
  const response = await fetch(`${baseUrl()}/dev/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sub, name, provider: 'line' }),
  });
  const { idToken } = (await response.json()) as { idToken: string };
  const { token } = await api<{ token: string }>('loginLine', { idToken });
  return { token, name };
}

/** A Taipei calendar date `days` from today (the stack's today), YYYY-MM-DD. */
export function taipeiDateIn(days: number): string {
  return new Date(stackNow() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
