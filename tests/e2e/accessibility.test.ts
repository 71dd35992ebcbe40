import { TEAMS } from '@shuttle/functions/local/seed-data.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, expectAccessible, settle } from './a11y.ts';
import { baseUrl, launchChromium, loginThroughUi, openSessions, phone } from './browser.ts';

/**
 * Issue 12's accessibility bar on the member screens (docs/PLAYER-EXPERIENCE.md,
 * "Accessibility"): no serious or critical axe-core finding (colour contrast ≥ 4.5:1 included),
 * one `<h1>` and a `<main>` landmark per screen, and touch targets ≥ 44×44 px on the screens
 * players tap most, in both colour schemes. The admin screens: accessibility-admin.test.ts.
 */
let browser: Browser;
let member: Page;
let sessionId: string;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const m = await phone(browser);
  member = m.page;
  closers.push(() => m.context.close());
  sessionId = (await openSessions())[0]!.id;
});

/** Signs the member in once, inside the first test that needs it. */
let signedIn: Promise<void> | null = null;
const signIn = () => {
  signedIn ??= loginThroughUi(member, '/');
  return signedIn;
};
afterAll(async () => {
  for (const close of closers) await close();
  await browser?.close();
});

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
  ['my games and rating', '/setting/games', '[data-testid="my-game-counts"]', true],
  ['privacy policy', '/setting/privacy-policy', 'h1', false],
];

describe('member screens at 390×844', () => {
  // A booking still to pay shows the transfer report form (docs/MONEY.md).
  let unpaidId: string | null = null;
  const bookUnpaid = async () => {
    await signIn();
    if (unpaidId) return unpaidId;
    const token = await member.evaluate(() => window.localStorage.getItem('token'));
    // Of the demo team that takes transfers: only a team with payment details asks for one (docs/MONEY.md).
    const priced = (await openSessions()).filter(
      (s) => s.id !== sessionId && s.teamId === TEAMS[0]!.id && s.price > 0 && s.remaining > 0,
    );
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

  it('the checker finds what it must: faint text, an image without a name, a nameless button', async () => {
    const { context, page } = await phone(browser);
    await page.setContent(`<html lang="en"><title>Check</title><body><main><h1>Check</h1>
      <p style="color:#bbb;background:#fff">Faint text</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <button></button></main></body></html>`);
    const ids = (await axeFindings(page)).map((f) => f.id).sort();
    expect(ids).toEqual(['button-name', 'color-contrast', 'image-alt']);
    await context.close();
  });

  it('the login screen of a visitor', async () => {
    const { context, page } = await phone(browser);
    await page.goto('/login');
    await settle(page, '[data-testid="line-login"]');
    await expectAccessible(page, true);
    await context.close();
  });
});
