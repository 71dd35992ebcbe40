import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, settle } from './a11y.ts';
import { desktop, loginAsDemoAdmin } from './admin-browser.ts';
import { animationsDone, launchChromium } from './browser.ts';

/**
 * Issue 12's accessibility bar on the admin screens (docs/PLAYER-EXPERIENCE.md,
 * "Accessibility"): no serious or critical axe-core finding (colour contrast ≥ 4.5:1 included)
 * and one `<h1>` and a `<main>` landmark per screen, in both colour schemes, at desktop and phone
 * width. The member screens: accessibility.test.ts.
 */
let browser: Browser;
let admin: Page;
let adminPhone: Page;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const a = await desktop(browser);
  admin = a.page;
  closers.push(() => a.context.close());
  const p = await desktop(browser, { viewport: { width: 390, height: 844 } });
  adminPhone = p.page;
  closers.push(() => p.context.close());
});

/** Signs the admins in once, inside the first test that needs them. */
let signedIn: Promise<void> | null = null;
const signIn = () => {
  signedIn ??= Promise.all([loginAsDemoAdmin(admin), loginAsDemoAdmin(adminPhone)]).then(() => undefined);
  return signedIn;
};
afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
});

const adminScreens: [string, string, string][] = [
  ['board', '/admin/', '[data-testid="board"]'],
  ['create', '/admin/create', '[data-testid="create-form"]'],
  ['revenue reports', '/admin/books', 'main'],
  ['members', '/admin/members', 'main'],
  ['settings', '/admin/setting', 'main'],
  ['check-in', '/admin/signlist', 'main'],
  ['money', '/admin/money', '[data-testid="outstanding-row"]'],
  // The official account's step (its QR code loads after the runtime configuration) is painted first.
  ['LINE settings', '/admin/setting/line', '[data-testid="line-oa"]'],
  ['payment details', '/admin/setting/payment', '[data-testid="setting-payment"]'],
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
      await animationsDone(page);
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
      // Scrolled at once, then two frames for the sticky bar's layout.
      await adminPhone.evaluate(
        (to) =>
          new Promise((painted) => {
            window.scrollTo({ top: to, behavior: 'instant' });
            requestAnimationFrame(() => requestAnimationFrame(painted));
          }),
        y,
      );
      expect(await inView(), `scrolled to ${y}`).toBe(true);
    }
  });
});
