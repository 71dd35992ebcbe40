import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, layoutProblems } from './a11y.ts';
import { api, loginAsDemoAdmin, newPlayer } from './admin-browser.ts';
import {
  animationsDone,
  baseUrl,
  followStackClock,
  launchChromium,
  poll,
  screenshot,
  stackNow,
  watchCsp,
} from './browser.ts';

/**
 * The rotation board on a phone (issue 21, items 3 and 8): from check-in the admin opens the
 * board, sets it up (two doubles courts), starts a game on court 1 with one thumb at 390×844, and
 * the venue screen, open without login on another device, shows the game within a second through
 * the board socket. axe-clean in light and dark mode; screenshots in zh-TW and German.
 */
let browser: Browser;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
let sessionId: string;
const contexts: BrowserContext[] = [];
const NAMES = ['王小明', '李大華', '陳小美', '林志明', 'Sebastian Müller', '山田 花子', 'Anna', '黃志豪'];

async function context(language: string, viewport = { width: 390, height: 844 }, signedIn = true) {
  const ctx = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    deviceScaleFactor: 2,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    locale: language,
    timezoneId: 'Asia/Taipei',
    ...(signedIn ? { storageState: storage } : {}),
  });
  await ctx.addInitScript((language) => window.localStorage.setItem('language', language), language);
  await watchCsp(ctx);
  await followStackClock(ctx);
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (error) => console.error(`[rotation page error] ${error.message}`));
  return page;
}

beforeAll(async () => {
  browser = await launchChromium();
  const login = await browser.newContext({ baseURL: baseUrl(), locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
  await followStackClock(login);
  contexts.push(login);
  const page = await login.newPage();
  await loginAsDemoAdmin(page);
  storage = await login.storageState();
  const adminToken = (await page.evaluate(() => window.localStorage.getItem('admin-token')))!;

  const now = stackNow();
  // Check-in and the board work before the start too; a session in the future keeps other journeys' lists as they are.
  const startsAt = new Date(now + 2 * 3_600_000).toISOString();
  const { sessions } = await api<{ sessions: { id: string; teamId: string }[] }>(
    'admin/createSession/createSession',
    {
      publishState: 0,
      title: `排點 E2E ${now.toString(36)}`,
      venue: '大安運動中心',
      address: '台北市大安區辛亥路三段55號',
      region: '台北市',
      courts: 2,
      capacity: 16,
      price: 200,
      categories: ['casual'],
      isPublic: false,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 3 * 3_600_000).toISOString(),
      signupOpensAt: new Date(now - 3_600_000).toISOString(),
    },
    adminToken,
  );
  sessionId = sessions[0]!.id;
  const teamId = sessions[0]!.teamId;
  const players = await Promise.all(NAMES.map((name) => newPlayer(name)));
  for (const player of players) {
    await api('checkState/member/joinTeam', { teamId }, player.token);
    await api('checkState/sessionList/joinSession', { sessionId, partySize: 1 }, player.token);
  }
  const signed = await api<{ players: { userId: string }[] }>(
    'admin/courtSession/signedMembers',
    { sessionId },
    adminToken,
  );
  for (const { userId } of signed.players)
    await api('admin/signed/signed', { sessionId, userId, attendance: 'attended' }, adminToken);
});

afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  await browser?.close();
});

describe('the rotation board on a phone', () => {
  it('opens from check-in, starts a game one-handed, and the venue screen shows it live', async () => {
    const page = await context('zh-TW');
    await page.goto(`/admin/signed?id=${sessionId}`);
    await page.getByTestId('open-rotation').click();
    await page.getByTestId('rotation-setup').waitFor({ timeout: 20_000 });
    // The session's two courts are picked; doubles and the balanced rule by default.
    expect(await page.getByTestId('court-choice-2').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('rotation-setup-submit').click();
    await poll(() => page.getByTestId('court-tile').count()).toBe(2);
    await poll(() => page.getByTestId('queue-player').count()).toBe(NAMES.length);
    await poll(() => page.getByTestId('next-game').count()).toBeGreaterThan(0);

    // The venue screen, on a tablet without login, from the link the board shows.
    const link = (await page.getByTestId('screen-link').getAttribute('href'))!;
    const screen = await context('zh-TW', { width: 1280, height: 800 }, false);
    await screen.goto(link);
    await poll(() => screen.getByTestId('venue-court').count()).toBe(2);

    // 開始下一場 sits in the bottom bar, in reach of a thumb.
    const bar = page.getByTestId('start-next-bar');
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(844 - 90);
    expect(box.height).toBeGreaterThanOrEqual(48);
    const started = Date.now();
    await bar.click();
    await poll(() => page.getByTestId('court-tile').first().getAttribute('class')).toContain('court-tile--busy');
    await poll(() => screen.getByTestId('venue-court').first().getAttribute('class')).toContain('venue-court--busy');
    console.log(`venue screen showed the started game ${Date.now() - started} ms after the tap`);
    expect(await page.getByTestId('queue-player').filter({ hasText: '在 1 號場' }).count()).toBe(4);

    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'rotation-board-phone-zh-TW', true);
    await screenshot(screen, 'rotation-venue-screen-zh-TW');
    expect(await axeFindings(screen)).toEqual([]);

    // A tapped player rests; 結束 ends the game without a score.
    await page.getByTestId('queue-player').first().click();
    await page.getByTestId('set-resting').click();
    await poll(() => page.getByTestId('queue-player').filter({ hasText: '休息中' }).count()).toBe(1);
    await page.getByTestId('finish-game').first().click();
    await page.getByTestId('finish-no-score').click();
    await poll(() => page.getByTestId('court-tile').first().getAttribute('class')).not.toContain('court-tile--busy');
    await poll(() => screen.getByTestId('venue-court').first().getAttribute('class')).not.toContain(
      'venue-court--busy',
    );

    await page.emulateMedia({ colorScheme: 'dark' });
    await animationsDone(page);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'rotation-board-phone-dark');
  });

  it('fits 390 px in German', async () => {
    const page = await context('de');
    await page.goto(`/admin/rotation?id=${sessionId}`);
    await poll(() => page.getByTestId('court-tile').count()).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('court-tile').first().innerText()).toContain('Feld 1');
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'rotation-board-phone-de', true);
  });
});
