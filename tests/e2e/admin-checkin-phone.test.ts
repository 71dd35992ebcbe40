import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, layoutProblems, smallTouchTargets } from './a11y.ts';
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
 * Check-in on a phone (issue 12, items 8 and 10; docs/PLAYER-EXPERIENCE.md, "For admins"): at
 * 390×844 one compact row per player (name, level, party, payment, present/absent), at least
 * seven players on one screen, every tap target at least 44×44 px, nothing past the right edge
 * and no text cut off in the languages with the longest words (German) and widest glyphs
 * (Japanese). The journey works on a session it creates, so other journeys keep the seed.
 */
let browser: Browser;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
let sessionId: string;
const contexts: BrowserContext[] = [];

/** The session's accepted players: long names in three scripts, a party of two, levels, a guest. */
const NAMES = [
  'Maximilian Schneider-Hoffmann',
  '山田 花子（やまだ はなこ）',
  '陳小明',
  'Anna',
  '林怡君',
  'Sebastian Müller-Lüdenscheidt',
  '佐藤 健太',
  '王大同',
  'Lisa Wang',
  '黃志豪',
  '高橋 美咲',
  'Chris Lee',
  '張雅婷',
  'Jean-Baptiste Dubois',
];
const PRICE = 200;

/** A phone (390×844 unless told, touch) signed in as the demo admin, in `language`. */
async function adminPhone(language: string, viewport = { width: 390, height: 844 }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: language,
    timezoneId: 'Asia/Taipei',
    storageState: storage,
  });
  await context.addInitScript((language) => window.localStorage.setItem('language', language), language);
  await watchCsp(context);
  await followStackClock(context);
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[admin page error] ${error.message}`));
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
  // Within the walk-in window (from 2 h before the start to the end, docs/ARCHITECTURE.md "References").
  const startsAt = new Date(now + 90 * 60_000).toISOString();
  const { sessions } = await api<{ sessions: { id: string; teamId: string }[] }>(
    'admin/createSession/createSession',
    {
      publishState: 0,
      title: `手機報到 E2E ${now.toString(36)}`,
      venue: '大安運動中心',
      address: '台北市大安區辛亥路三段55號',
      region: '台北市',
      courts: 3,
      capacity: 24,
      price: PRICE,
      categories: ['casual'],
      isPublic: false,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
      signupOpensAt: new Date(now - 3_600_000).toISOString(),
    },
    adminToken,
  );
  sessionId = sessions[0]!.id;
  const teamId = sessions[0]!.teamId;

  const players = await Promise.all(NAMES.map((name) => newPlayer(name)));
  for (const [i, player] of players.entries()) {
    // A team-only session keeps it out of the lists other journeys pick their sessions from.
    await api('checkState/member/joinTeam', { teamId }, player.token);
    if (i % 3 !== 2) await api('checkState/setting/level', { level: (i % 18) + 1 }, player.token);
    await api('checkState/sessionList/joinSession', { sessionId, partySize: i === 3 ? 2 : 1 }, player.token);
  }
  await api('checkState/payments/reportTransfer', { sessionId, reference: '54321' }, players[4]!.token);
  await api('admin/signed/addWalkIn', { sessionId, name: 'Walk-in Gast Friedrich' }, adminToken);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function openCheckIn(page: Page) {
  await page.goto(`/admin/signed?id=${sessionId}`);
  await page.getByTestId('checkin-row').first().waitFor({ timeout: 20_000 });
  await poll(() => page.getByTestId('checkin-row').count()).toBe(NAMES.length + 1);
  await page.waitForLoadState('networkidle');
  await animationsDone(page);
}

interface Measure {
  /** Rows wholly on screen once the first row sits right under the sticky top bar. */
  playersPerScreen: number;
  rowHeights: number[];
  /** The tappable controls inside the rows smaller than 44×44 px. */
  smallRowButtons: string[];
  /** Names and facts wider than their column (running into the buttons). */
  overflowing: string[];
}

/** Scrolls the list to its first row and measures the rows as a thumb sees them. */
function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const rows = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="checkin-row"]'));
    const barBottom = () => document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, rows[0]!.getBoundingClientRect().top - barBottom());
    const top = barBottom();
    const playersPerScreen = rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= top - 1 && box.bottom <= window.innerHeight + 1;
    }).length;
    const smallRowButtons = rows.flatMap((row) =>
      Array.from(row.querySelectorAll('button, a[href], input, select')).flatMap((el) => {
        const box = el.getBoundingClientRect();
        return box.width + 0.5 < 44 || box.height + 0.5 < 44
          ? [
              `${(el.textContent || el.getAttribute('aria-label') || '').trim()} ${Math.round(box.width)}×${Math.round(box.height)}`,
            ]
          : [];
      }),
    );
    const overflowing = rows.flatMap((row) => {
      const who = row.querySelector<HTMLElement>('.checkin-player__who')!;
      const box = who.getBoundingClientRect();
      const past = Array.from(who.querySelectorAll('*')).filter(
        (el) => el.getBoundingClientRect().right > box.right + 1,
      );
      return past.length || who.scrollWidth > who.clientWidth + 1 ? [(who.textContent ?? '').slice(0, 40)] : [];
    });
    return {
      playersPerScreen,
      rowHeights: rows.map((row) => Math.round(row.getBoundingClientRect().height)),
      smallRowButtons,
      overflowing,
    };
  });
}

/**
 * Tap targets under 44×44 px, less a field's label over a control that is 44 px high itself
 * (WCAG 2.5.5's "equivalent" exception: the control is the target, the label only names it).
 */
async function smallTargets(page: Page): Promise<string[]> {
  const labelsOverBigControls = await page.evaluate(() =>
    Array.from(document.querySelectorAll('label[for]')).flatMap((label) => {
      const control = document.getElementById(label.getAttribute('for') ?? '');
      const box = control?.getBoundingClientRect();
      return box && box.width >= 44 && box.height >= 44 ? [(label.textContent ?? '').trim().slice(0, 30)] : [];
    }),
  );
  return (await smallTouchTargets(page)).filter(
    (found) => !(found.startsWith('label') && labelsOverBigControls.some((text) => found.includes(`"${text}"`))),
  );
}

describe('check-in on a phone (390×844)', () => {
  for (const language of ['zh-TW', 'de', 'ja'] as const) {
    it(`fits at least seven players a screen in ${language}, with 44×44 px targets and nothing cut off`, async () => {
      const page = await adminPhone(language);
      await openCheckIn(page);
      const found = await measure(page);
      console.log(
        `check-in at 390×844 (${language}): ${found.playersPerScreen} players a screen, rows ${Math.min(...found.rowHeights)}-${Math.max(...found.rowHeights)} px high`,
      );
      await screenshot(page, `admin-checkin-phone-${language}`);
      expect({ smallRowButtons: found.smallRowButtons, overflowing: found.overflowing }).toEqual({
        smallRowButtons: [],
        overflowing: [],
      });
      expect(Math.max(...found.rowHeights)).toBeLessThanOrEqual(100);
      expect(found.playersPerScreen).toBeGreaterThanOrEqual(7);
      expect({ layout: await layoutProblems(page), smallTouchTargets: await smallTargets(page) }).toEqual({
        layout: [],
        smallTouchTargets: [],
      });
    });
  }

  it('the day list of check-in and the after-sign-up screen fit, every target 44×44 px, in de and ja', async () => {
    for (const language of ['de', 'ja']) {
      const page = await adminPhone(language);
      for (const [path, ready] of [
        ['/admin/signlist', 'signlist-card'],
        ['/admin/signedup', 'to-board'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(ready).first().waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        expect(
          { layout: await layoutProblems(page), smallTouchTargets: await smallTargets(page) },
          `${path} ${language}`,
        ).toEqual({ layout: [], smallTouchTargets: [] });
      }
    }
  });

  it('on a tablet (768 px) the buttons show their words in German, and nothing is cut off', async () => {
    const page = await adminPhone('de', { width: 768, height: 1024 });
    await openCheckIn(page);
    const first = page.getByTestId('checkin-row').first();
    expect(await first.getByTestId('mark-attended').innerText()).toBe('Anwesend');
    const found = await measure(page);
    expect({ smallRowButtons: found.smallRowButtons, overflowing: found.overflowing }).toEqual({
      smallRowButtons: [],
      overflowing: [],
    });
    // The buttons fit beside the name (their words are short: the amount, not the whole action).
    expect(Math.max(...found.rowHeights)).toBeLessThanOrEqual(100);
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, 'admin-checkin-tablet-de');
  });

  it('each compact row shows level, party and payment, and its buttons still check in and take payment', async () => {
    const page = await adminPhone('zh-TW');
    await openCheckIn(page);
    const row = (name: string) => page.getByTestId('checkin-row').filter({ hasText: name });

    // Level (self-assessed, or none), party size, walk-in and what is owed are on the row.
    await poll(() => row(NAMES[0]!).getByTestId('player-level').innerText()).toContain('1');
    expect(await row(NAMES[2]!).getByTestId('player-level').count()).toBe(0);
    expect(await row(NAMES[3]!).innerText()).toContain('2 人');
    expect(await row('Walk-in Gast Friedrich').innerText()).toContain('現場');
    expect(await row(NAMES[0]!).getByTestId('pay-state').getAttribute('data-payment')).toBe('unpaid');

    // Present and absent are toggles named by their (on a phone visually hidden) labels.
    const first = row(NAMES[0]!);
    await first.getByRole('button', { name: '出席', exact: true }).click();
    await poll(() => first.getAttribute('data-attendance')).toBe('attended');
    expect(await first.getByTestId('mark-attended').getAttribute('aria-pressed')).toBe('true');
    const second = row(NAMES[1]!);
    await second.getByTestId('mark-absent').click();
    // The session starts in 90 minutes: absent before the start asks first (docs/ON-COURT.md, "At the door").
    await page.getByTestId('early-absent-dialog').getByRole('button', { name: '仍記為缺席' }).click();
    await poll(() => second.getAttribute('data-attendance')).toBe('absent');
    await poll(() => page.getByTestId('checkin-counts').innerText()).toMatch(/已出席\s*2/); // the walk-in and the first

    // Cash for the first player, then undone; the reported transfer is confirmed.
    await first.getByTestId('mark-paid').click();
    await poll(() => first.getByTestId('pay-state').getAttribute('data-payment')).toBe('paid');
    expect(await first.getByTestId('pay-state').innerText()).toContain('已付款');
    await first.getByTestId('undo-paid').click();
    await poll(() => first.getByTestId('pay-state').getAttribute('data-payment')).toBe('unpaid');
    const transfer = row(NAMES[4]!);
    expect(await transfer.getByTestId('pay-state').innerText()).toContain('54321');
    expect(await transfer.getByTestId('mark-paid').getAttribute('aria-label')).toBe('確認轉帳 末五碼 54321');
    await transfer.getByTestId('mark-paid').click();
    await poll(() => transfer.getByTestId('pay-state').getAttribute('data-payment')).toBe('paid');

    // The states just set keep the row compact and readable.
    const found = await measure(page);
    expect(found.smallRowButtons).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'admin-checkin-phone-marked');
    // And in dark mode, which follows the system setting.
    await page.emulateMedia({ colorScheme: 'dark' });
    await animationsDone(page);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'admin-checkin-phone-dark');
  });
});

/**
 * At the door (issue 30, item 4; docs/ON-COURT.md, "At the door"), on a full session of its own:
 * a second tap takes a mark back, absent before the start asks first, a waiting player is moved
 * up from the list (the limit raised by their party), and a walk-in joins by +1 名額並加入
 * without leaving the page; 390 px, axe clean in light and dark.
 */
describe('at the door (390×844)', () => {
  let doorSession: string;
  const DOOR = ['門口甲', '門口乙', '候補丙'];

  beforeAll(async () => {
    const login = await browser.newContext({ baseURL: baseUrl(), locale: 'zh-TW', storageState: storage });
    contexts.push(login);
    const page = await login.newPage();
    await page.goto('/admin/signlist');
    const adminToken = (await page.evaluate(() => window.localStorage.getItem('admin-token')))!;
    const now = stackNow();
    const startsAt = new Date(now + 90 * 60_000).toISOString();
    const { sessions } = await api<{ sessions: { id: string; teamId: string }[] }>(
      'admin/createSession/createSession',
      {
        publishState: 0,
        title: `門口 E2E ${now.toString(36)}`,
        venue: '大安運動中心',
        address: '台北市大安區辛亥路三段55號',
        region: '台北市',
        courts: 1,
        capacity: 2,
        price: PRICE,
        categories: ['casual'],
        isPublic: false,
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
        signupOpensAt: new Date(now - 3_600_000).toISOString(),
      },
      adminToken,
    );
    doorSession = sessions[0]!.id;
    for (const name of DOOR) {
      const player = await newPlayer(name);
      await api('checkState/member/joinTeam', { teamId: sessions[0]!.teamId }, player.token);
      await api('checkState/sessionList/joinSession', { sessionId: doorSession }, player.token);
    }
  });

  it('takes marks back, moves a waiting player up and adds a walk-in past the limit, in place', async () => {
    const page = await adminPhone('zh-TW');
    await page.goto(`/admin/signed?id=${doorSession}`);
    const row = (name: string) => page.getByTestId('checkin-row').filter({ hasText: name });
    await row(DOOR[0]!).waitFor({ timeout: 20_000 });

    // ✓ then ✓ again: back to 未點名.
    const first = row(DOOR[0]!);
    await first.getByTestId('mark-attended').click();
    await poll(() => first.getAttribute('data-attendance')).toBe('attended');
    await first.getByTestId('mark-attended').click();
    await poll(() => first.getAttribute('data-attendance')).toBe('unmarked');
    expect(await first.getByTestId('mark-attended').getAttribute('aria-pressed')).toBe('false');

    // ✗ before the start asks; cancelling changes nothing, confirming marks, a second tap takes it back.
    const second = row(DOOR[1]!);
    await second.getByTestId('mark-absent').click();
    const dialog = page.getByTestId('early-absent-dialog');
    expect(await dialog.innerText()).toContain(DOOR[1]!);
    await dialog.getByRole('button', { name: '取消' }).click();
    expect(await second.getAttribute('data-attendance')).toBe('unmarked');
    await second.getByTestId('mark-absent').click();
    await dialog.getByRole('button', { name: '仍記為缺席' }).click();
    await poll(() => second.getAttribute('data-attendance')).toBe('absent');
    await second.getByTestId('mark-absent').click();
    await poll(() => second.getAttribute('data-attendance')).toBe('unmarked');

    // The waiting player is on the list, in order, with what moving up does; moved up and checked in.
    const waiting = page.getByTestId('waiting-row').filter({ hasText: DOOR[2]! });
    expect(await waiting.getByTestId('waiting-place').innerText()).toBe('將增加 1 個名額');
    expect({ layout: await layoutProblems(page), smallTouchTargets: await smallTargets(page) }).toEqual({
      layout: [],
      smallTouchTargets: [],
    });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'admin-door-waiting');
    await waiting.getByTestId('promote-check-in').click();
    await poll(() => row(DOOR[2]!).getAttribute('data-attendance')).toBe('attended');
    await poll(() => page.getByTestId('checkin-waiting').count()).toBe(0);

    // Full: the walk-in button raises the limit and adds the guest, on this page.
    const walkIn = page.getByTestId('walk-in');
    expect(await walkIn.getByTestId('walk-in-submit').innerText()).toBe('+1 名額並加入');
    await walkIn.getByText('臨打球友').click();
    await walkIn.getByTestId('walk-in-name').fill('門口路人');
    await walkIn.getByTestId('walk-in-submit').click();
    const added = page.getByRole('alertdialog');
    await poll(() => added.innerText()).toContain('門口路人');
    await added.getByRole('button', { name: '確認' }).click();
    await poll(() => row('門口路人').getAttribute('data-attendance')).toBe('attended');
    expect(page.url()).toContain(`/admin/signed?id=${doorSession}`);
    const adminToken = (await page.evaluate(() => window.localStorage.getItem('admin-token')))!;
    const members = await api<{ session: { capacity: number }; waiting: unknown[] }>(
      'admin/courtSession/signedMembers',
      { sessionId: doorSession },
      adminToken,
    );
    expect(members.session.capacity).toBe(4);
    expect(members.waiting).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    await animationsDone(page);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'admin-door-dark');
  });
});
