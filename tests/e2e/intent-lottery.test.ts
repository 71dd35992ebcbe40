import { DEMO_ADMIN } from '@shuttle/functions/local/seed.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, loginThroughUi, openSessions, phone, poll, screenshot, stackNow } from './browser.ts';

/**
 * Issue 22, at 390 px in zh-TW and English: a visitor who taps 立即預約 and signs in comes back
 * to the booking dialog, and Back does not pass through /login; a lottery entrant's detail shows
 * the number of entries and the draw's day and time, and no booking button.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; data: T };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

const LANGUAGES = [
  {
    code: 'zh-TW',
    login: '登入',
    reserve: '立即預約',
    enter: '參加抽籤',
    entries: '已有 1 筆抽籤登記',
    month: /\d+月\d+日 \d\d:\d\d/,
  },
  {
    code: 'en',
    login: 'Log in',
    reserve: 'Reserve',
    enter: 'Enter the lottery',
    entries: '1 entry so far',
    month: /[A-Z][a-z]{2} \d+, \d\d:\d\d/,
  },
];

const onLoginPage = (page: Page) => /^\/(login|callback)/.test(new URL(page.url()).pathname);

describe('sign-in keeps the intent', () => {
  for (const language of LANGUAGES) {
    it(`opens the booking dialog after signing in, and Back skips /login (${language.code})`, async () => {
      const session = (await openSessions()).find((s) => s.remaining > 0 && s.waitingCount === 0);
      expect(session).toBeDefined();
      const { context, page } = await phone(browser, {
        identity: { sub: `Ue2eintent${language.code.replace('-', '')}00000000000000`, name: 'Intent' },
        language: language.code,
      });
      await page.goto('/');
      await page.goto(`/session?id=${session!.id}`);
      await poll(() => page.getByTestId('reserve-button').innerText()).toBe(language.reserve);
      await page.getByTestId('reserve-button').click();
      await page.getByTestId('login-prompt').getByRole('button', { name: language.login }).click();
      await page.waitForURL(/\/login/);
      await page.getByTestId('line-login').click();

      // Back on the detail with the confirmation open, without a second tap.
      await page.waitForURL((url) => url.pathname === '/session', { timeout: 20_000 });
      await poll(() => page.getByTestId('booking-confirm').isVisible()).toBe(true);
      await screenshot(page, `intent-01-dialog-${language.code}`);

      await page.getByTestId('booking-confirm').locator('.button--ghost').click();
      await page.goBack();
      await poll(() => new URL(page.url()).pathname).toBe('/');
      expect(onLoginPage(page)).toBe(false);
      await context.close();
    }, 90_000);
  }
});

describe('a lottery entrant', () => {
  it('sees the number of entries, the draw day and time, and no booking button', async () => {
    const { token: admin } = await api<{ token: string }>('admin/login', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    const now = stackNow();
    const created = await api<{ sessions: { id: string }[] }>(
      'admin/createSession/createSession',
      {
        publishState: 0,
        title: '抽籤人數測試場',
        venue: '大安運動中心',
        region: '台北市',
        courts: 1,
        capacity: 8,
        price: 200,
        categories: ['casual'],
        startsAt: new Date(now + 48 * 3_600_000).toISOString(),
        endsAt: new Date(now + 50 * 3_600_000).toISOString(),
        signupOpensAt: new Date(now - 1_000).toISOString(),
        signupMode: 'lottery',
        lotteryMinutes: 600,
      },
      admin,
    );
    const sessionId = created.sessions[0]!.id;

    for (const language of LANGUAGES) {
      const { context, page } = await phone(browser, {
        identity: { sub: `Ue2eentrant${language.code.replace('-', '')}0000000000000`, name: '抽籤者' },
        language: language.code,
      });
      await loginThroughUi(page, `/session?id=${sessionId}`);
      if (language.code === 'zh-TW') {
        // A lottery says so (issue 30): 參加抽籤 and 確認參加抽籤, never 立即預約 or 確認預約.
        await poll(() => page.getByTestId('reserve-button').innerText()).toBe(language.enter);
        await page.getByTestId('reserve-button').click();
        await page.getByTestId('booking-confirm').getByRole('button', { name: '確認參加抽籤' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
      }
      // The first entrant's entry, seen by them (zh-TW) and by another signed-in player (English).
      const lottery = page.getByTestId('lottery');
      await poll(() => lottery.innerText()).toMatch(language.month);
      await poll(() => page.getByTestId('lottery-entries').innerText()).toBe(language.entries);
      await poll(() => page.getByTestId('remaining').innerText()).toBe('1');
      expect(await page.getByTestId('participants').innerText()).not.toMatch(/目前尚無報名者|No one has signed up/);
      if (language.code === 'zh-TW') {
        await poll(() => page.getByTestId('my-booking').innerText()).toContain('已登記抽籤');
        const button = page.getByTestId('reserve-button');
        expect(await button.innerText()).not.toBe(language.enter);
        expect(await button.isDisabled()).toBe(true);
      }
      await screenshot(page, `lottery-entries-${language.code}`);
      await context.close();
    }
  }, 120_000);
});
