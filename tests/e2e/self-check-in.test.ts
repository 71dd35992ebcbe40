import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, layoutProblems, settle } from './a11y.ts';
import { api, loginAsDemoAdmin } from './admin-browser.ts';
import {
  animationsDone,
  baseUrl,
  followStackClock,
  launchChromium,
  loginThroughUi,
  phone,
  poll,
  screenshot,
  stackNow,
  watchCsp,
} from './browser.ts';

/**
 * Self check-in by QR (issue 30, item 9; docs/ON-COURT.md, "Self check-in"): the admin shows the
 * QR on the check-in screen, a booked player opens its link and is checked in (the admin's list
 * shows it), a replaced QR stops working, a player without a place is told why, in each of the
 * five languages, at 390 px, axe clean in light and dark. The session starts in 30 minutes, inside
 * the window (from 1 h before the start).
 */
let browser: Browser;
let admin: Page;
let adminToken: string;
let sessionId: string;
let teamId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
  });
  await watchCsp(context);
  await followStackClock(context);
  contexts.push(context);
  admin = await context.newPage();
  await loginAsDemoAdmin(admin);
  adminToken = (await admin.evaluate(() => window.localStorage.getItem('admin-token')))!;
  const now = stackNow();
  const startsAt = new Date(now + 30 * 60_000).toISOString();
  const { sessions } = await api<{ sessions: { id: string; teamId: string }[] }>(
    'admin/createSession/createSession',
    {
      publishState: 0,
      title: `自助報到 E2E ${now.toString(36)}`,
      venue: '大安運動中心',
      address: '台北市大安區辛亥路三段55號',
      region: '台北市',
      courts: 2,
      capacity: 8,
      price: 0,
      categories: ['casual'],
      // Team-only: kept out of the lists other journeys pick their sessions from.
      isPublic: false,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
      signupOpensAt: new Date(now - 3_600_000).toISOString(),
    },
    adminToken,
  );
  sessionId = sessions[0]!.id;
  teamId = sessions[0]!.teamId;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A signed-in player's phone in `language`; `book` books them into the session first. */
async function player(name: string, language: string, book: boolean): Promise<Page> {
  const sub = `Ue2eself${Date.now().toString(16)}${Math.random().toString(16).slice(2, 8)}`.padEnd(33, '0');
  const { context, page } = await phone(browser, { identity: { sub, name }, language });
  contexts.push(context);
  await loginThroughUi(page, '/');
  if (book) {
    const token = (await page.evaluate(() => window.localStorage.getItem('token')))!;
    await api('checkState/member/joinTeam', { teamId }, token);
    await api('checkState/sessionList/joinSession', { sessionId }, token);
  }
  return page;
}

/** The QR's link as the admin screen shows it (a path of the member app on this origin). */
async function shownLink(): Promise<string> {
  const qr = admin.getByTestId('self-check-in-qr');
  await qr.waitFor({ timeout: 15_000 });
  const url = new URL((await qr.getAttribute('data-url'))!);
  expect(url.origin).toBe(new URL(baseUrl()).origin);
  expect(url.pathname).toBe('/checkin');
  expect(url.searchParams.get('id')).toBe(sessionId);
  return `${url.pathname}${url.search}`;
}

describe('self check-in by QR', () => {
  it('a booked player scans the QR and is checked in; a replaced QR stops working', async () => {
    const booked = await player('自助報到球友', 'zh-TW', true);
    await admin.goto(`/admin/signed?id=${sessionId}`);
    await admin.getByTestId('show-self-check-in').click();
    const link = await shownLink();
    expect(await admin.getByTestId('self-check-in-window').innerText()).toContain('可報到時間');
    await screenshot(admin, 'admin-self-check-in-qr');

    await booked.goto(link);
    await settle(booked, '[data-testid="self-check-in-done"]');
    expect(await booked.getByTestId('self-check-in-done').innerText()).toContain('報到完成');
    await expectAccessible(booked, true);
    expect(await layoutProblems(booked)).toEqual([]);
    await screenshot(booked, 'member-self-check-in-done');
    await booked.emulateMedia({ colorScheme: 'dark' });
    await animationsDone(booked);
    await expectAccessible(booked, true);

    // The admin's list shows the check-in.
    await admin.reload();
    const row = admin.getByTestId('checkin-row').filter({ hasText: '自助報到球友' });
    await poll(() => row.getAttribute('data-attendance')).toBe('attended');

    // A second scan answers the same; after 更換 QR the old link is refused.
    await booked.goto(link);
    await settle(booked, '[data-testid="self-check-in-done"]');
    expect(await booked.getByTestId('self-check-in-done').innerText()).toContain('已經報到');
    await admin.getByTestId('show-self-check-in').click();
    await admin.getByTestId('rotate-self-check-in').click();
    await admin.getByTestId('rotate-self-check-in-dialog').getByRole('button', { name: '更換' }).click();
    await poll(async () => shownLink()).not.toBe(link);
    await booked.goto(link);
    await settle(booked, '[data-testid="self-check-in-refused"]');
    expect(await booked.getByTestId('self-check-in-refused').innerText()).toContain('QR');
  });

  it('a player without a place is told why, in every language, at 390 px, in light and dark', async () => {
    await admin.goto(`/admin/signed?id=${sessionId}`);
    await admin.getByTestId('show-self-check-in').click();
    const link = await shownLink();
    const texts = new Set<string>();
    for (const language of ['zh-TW', 'en', 'es', 'ja', 'de']) {
      const page = await player(`Gast ${language}`, language, false);
      await page.goto(link);
      await settle(page, '[data-testid="self-check-in-refused"]');
      texts.add(await page.getByTestId('self-check-in-refused').innerText());
      expect(await layoutProblems(page), language).toEqual([]);
      await expectAccessible(page, true);
      await page.emulateMedia({ colorScheme: 'dark' });
      await animationsDone(page);
      await expectAccessible(page, true);
      await screenshot(page, `member-self-check-in-refused-${language}`);
    }
    // Five languages, five different messages (none falls back to another language's).
    expect(texts.size).toBe(5);
  });
});
