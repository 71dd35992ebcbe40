import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, landmarks, smallTouchTargets } from './a11y.ts';
import { desktop, loginAsDemoAdmin } from './admin-browser.ts';
import { baseUrl, launchChromium, loginThroughUi, openSessions, phone } from './browser.ts';

/**
 * Issue 12's accessibility bar on the member and admin screens (docs/PLAYER-EXPERIENCE.md,
 * "Accessibility"): no serious or critical axe-core finding (colour contrast ≥ 4.5:1 included),
 * one `<h1>` and a `<main>` landmark per screen, and touch targets ≥ 44×44 px on the member
 * screens players tap most. Both colour schemes are checked on the member and admin apps.
 */
let browser: Browser;
let member: Page;
let admin: Page;
let adminPhone: Page;
let sessionId: string;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const m = await phone(browser);
  member = m.page;
  closers.push(() => m.context.close());
  sessionId = (await openSessions())[0]!.id;
  const a = await desktop(browser);
  admin = a.page;
  closers.push(() => a.context.close());
  const p = await desktop(browser, { viewport: { width: 390, height: 844 } });
  adminPhone = p.page;
  closers.push(() => p.context.close());
});

/** Signs the member and the admins in once, inside the first test that needs them. */
let signedIn: Promise<void> | null = null;
const signIn = () => {
  signedIn ??= Promise.all([loginThroughUi(member, '/'), loginAsDemoAdmin(admin), loginAsDemoAdmin(adminPhone)]).then(
    () => undefined,
  );
  return signedIn;
};
afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
});

async function settle(page: Page, ready: string) {
  await page.locator(ready).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  // Entrance animations fade content in; axe measures contrast on what is painted.
  await page.waitForTimeout(400);
}

/** Everything a screen breaks, in one comparison, so a failure lists all of it at once. */
async function expectAccessible(page: Page, touch = false) {
  const found = {
    axe: await axeFindings(page),
    ...(await landmarks(page)),
    smallTouchTargets: touch ? await smallTouchTargets(page) : [],
  };
  expect(found).toEqual({ axe: [], h1: 1, main: 1, smallTouchTargets: [] });
}

const memberScreens: [string, string, string, boolean][] = [
  ['home (sessions)', '/', '[data-testid="session-card"]', true],
  ['session detail', '/session?id=SESSION', '[data-testid="reserve-button"]', true],
  ['reserved', '/?tab=reserved', '[data-testid="reserved-list"], [data-testid="reserved-empty"]', false],
  ['history', '/?tab=reservationHistory', '[data-testid="history"]', false],
  ['settings', '/setting', '[data-testid="settings"]', true],
  ['email and notifications', '/setting/email', '[data-testid="email-page"]', false],
  ['badminton levels', '/setting/badminton-levels', 'table', false],
  ['notification settings', '/setting/notifications', '[data-testid="channels"]', true],
  ['calendar feed', '/setting/calendar', '[data-testid="calendar-feed"]', true],
  ['privacy policy', '/setting/privacy-policy', 'h1', false],
];

describe('member screens at 390×844', () => {
  // A booking still to pay shows the transfer report form (docs/MONEY.md).
  let unpaidId: string | null = null;
  const bookUnpaid = async () => {
    await signIn();
    if (unpaidId) return unpaidId;
    const token = await member.evaluate(() => window.localStorage.getItem('token'));
    const priced = (await openSessions()).filter((s) => s.id !== sessionId && s.price > 0 && s.remaining > 0);
    for (const s of priced) {
      const res = await fetch(`${baseUrl()}/api/checkState/sessionList/joinSession`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ sessionId: s.id }),
      });
      if (res.ok && ((await res.json()) as { data: { status: string } }).data.status === 'accepted') {
        unpaidId = s.id;
        return s.id;
      }
    }
    throw new Error('no priced session to book');
  };

  for (const scheme of ['light', 'dark'] as const) {
    it(`session detail of a booking to pay, with the transfer form (${scheme})`, async () => {
      const id = await bookUnpaid();
      await member.emulateMedia({ colorScheme: scheme });
      await member.goto(`/session?id=${id}`);
      await settle(member, '[data-testid="report-transfer"]');
      await expectAccessible(member, true);
    });

    it.each(memberScreens)(`%s (${scheme})`, async (_name, path, ready, touch) => {
      await signIn();
      await member.emulateMedia({ colorScheme: scheme });
      await member.goto(path.replace('SESSION', sessionId));
      await settle(member, ready);
      await expectAccessible(member, touch);
    });
  }

  it('the login screen of a visitor', async () => {
    const { context, page } = await phone(browser);
    await page.goto('/login');
    await settle(page, '[data-testid="line-login"]');
    await expectAccessible(page, true);
    await context.close();
  });
});

const adminScreens: [string, string, string][] = [
  ['board', '/admin/', '[data-testid="board"]'],
  ['create', '/admin/create', '[data-testid="create-form"]'],
  ['revenue reports', '/admin/books', 'main'],
  ['members', '/admin/members', 'main'],
  ['settings', '/admin/setting', 'main'],
  ['check-in', '/admin/signlist', 'main'],
  ['money', '/admin/money', '[data-testid="outstanding-row"]'],
  ['LINE settings', '/admin/setting/line', 'main'],
  ['account management', '/admin/setting/account_management', 'main'],
];

describe('admin screens', () => {
  it('the login screen', async () => {
    const { context, page } = await desktop(browser);
    await page.goto('/admin/login');
    await settle(page, 'form');
    await expectAccessible(page);
    await context.close();
  });

  // Dark mode follows the system setting (docs/PLAYER-EXPERIENCE.md, "For admins"): each screen
  // is checked in both schemes on one visit, the system setting switched in between.
  it.each(adminScreens)('%s, light and dark (desktop and phone width)', async (_name, path, ready) => {
    await signIn();
    for (const page of [admin, adminPhone]) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path);
      await settle(page, ready);
      await expectAccessible(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      // Colours change with a short transition on some controls; axe measures what is painted.
      await page.waitForTimeout(400);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 17, 22)');
      await expectAccessible(page);
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });

  it('the login screen in dark mode', async () => {
    const { context, page } = await desktop(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/admin/login');
    await settle(page, 'form');
    await expectAccessible(page);
    await context.close();
  });

  it('the phone-width menu and logout buttons have names and every table fits or scrolls inside its box', async () => {
    await signIn();
    await adminPhone.goto('/admin/books');
    await settle(adminPhone, 'main');
    const unnamed = await adminPhone.evaluate(
      () =>
        Array.from(document.querySelectorAll('button')).filter(
          (b) => b.getBoundingClientRect().width > 0 && !(b.textContent ?? '').trim() && !b.getAttribute('aria-label'),
        ).length,
    );
    expect(unnamed).toBe(0);
    for (const path of ['/admin/books', '/admin/', '/admin/members', '/admin/signlist']) {
      await adminPhone.goto(path);
      await settle(adminPhone, 'main');
      expect(await adminPhone.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });

  it('the create form keeps its publish button on screen at phone width, wherever the admin scrolled', async () => {
    await signIn();
    await adminPhone.goto('/admin/create');
    await settle(adminPhone, '[data-testid="create-form"]');
    const submit = adminPhone.getByTestId('create-submit');
    const inView = () =>
      submit.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height >= 44;
      });
    for (const y of [0, 600, 1e6]) {
      await adminPhone.evaluate((to) => window.scrollTo(0, to), y);
      await adminPhone.waitForTimeout(100);
      expect(await inView(), `scrolled to ${y}`).toBe(true);
    }
  });
});
