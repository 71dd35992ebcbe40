import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, loginThroughUi, openSessions, phone, poll } from './browser.ts';

/**
 * Journeys of docs/PLAYER-EXPERIENCE.md in Chromium against the local stack: Back restores the
 * list's scroll position; after booking the session goes into a calendar (.ics, Google
 * Calendar) and the player's private feed lists it; a LINE-only player mutes LINE in settings;
 * a missing session offers the list instead of a retry.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('player experience', () => {
  it('Back returns to where the player was in the list', async () => {
    const { context, page } = await phone(browser);
    await page.goto('/');
    const cards = page.getByTestId('session-card');
    await poll(() => cards.count()).toBeGreaterThan(6);
    const target = cards.nth(6);
    await target.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // The list keeps its position on the frame after a scroll: wait until the scroll has stopped
    // (the same on two reads) and the kept position is where it stopped.
    let last = -1;
    await poll(async () => {
      const [y, kept] = await page.evaluate(() => [
        window.scrollY,
        Object.values(JSON.parse(window.sessionStorage.getItem('shuttle:scroll') ?? '{}') as Record<string, number>),
      ]);
      const stopped = y === last && (kept as number[]).includes(Math.round(y as number));
      last = y as number;
      return stopped;
    }).toBe(true);
    const before = await page.evaluate(() => window.scrollY);
    await target.click();
    await page.waitForURL(/\/session\?id=/);
    await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 5);
    await context.close();
  });

  it('after booking: add to calendar, Google Calendar, directions and the private feed', async () => {
    const session = (await openSessions()).find((s) => s.remaining >= 2);
    expect(session, 'an open session with places').toBeDefined();
    const { context, page } = await phone(browser, {
      identity: { sub: 'Ue2ecalendar0000000000000000001', name: '行事曆測試' },
    });
    await loginThroughUi(page, `/session?id=${session!.id}`);
    // Directions are there before booking, as 44 px buttons to the address.
    await page.getByTestId('directions').waitFor();
    const directions = page.getByTestId('directions').getByRole('link');
    expect(await directions.count()).toBe(2);
    expect(await directions.first().getAttribute('href')).toContain(
      'https://www.google.com/maps/dir/?api=1&destination=',
    );

    await page.getByTestId('reserve-button').click();
    await page.getByTestId('booking-confirm').getByRole('button', { name: '確認預約' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
    const ics = page.getByTestId('calendar-ics');
    await ics.waitFor();
    const icsUrl = new URL((await ics.getAttribute('href'))!, baseUrl()).toString();
    expect(icsUrl).toBe(`${baseUrl()}/api/calendar/session/${session!.id}.ics`);
    const file = await fetch(icsUrl);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await file.text()).toContain(`UID:${session!.id}@shuttle`);
    const google = new URL((await page.getByTestId('calendar-google').getAttribute('href'))!);
    expect(google.hostname).toBe('calendar.google.com');
    expect(google.searchParams.get('text')).toBe(session!.title);

    // The private feed lists the booking; resetting it revokes the old URL at once.
    await page.goto('/setting/calendar');
    await page.getByTestId('feed-create').click();
    const url = await page.getByTestId('feed-url').innerText();
    expect(url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await (await fetch(url)).text()).toContain(`UID:${session!.id}@shuttle`);
    await page.getByTestId('feed-reset').click();
    await page.getByTestId('feed-confirm').getByRole('button', { name: '重設網址' }).click();
    await poll(() => page.getByTestId('feed-url').innerText()).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    await context.close();
  });

  it('a LINE-only player mutes LINE notifications in settings, without an email', async () => {
    const { context, page } = await phone(browser, {
      identity: { sub: 'Ue2emute000000000000000000000001', name: '靜音' },
    });
    await loginThroughUi(page, '/setting');
    await page.getByTestId('menu-notifications').click();
    const line = page.getByTestId('channel-line');
    await poll(() => line.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('verify-email-link').isVisible()).toBe(true);
    await line.click();
    await poll(() => line.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await poll(() => page.getByTestId('channel-line').getAttribute('aria-checked')).toBe('false');
    await context.close();
  });

  it('a missing session offers the session list, not a retry', async () => {
    const { context, page } = await phone(browser);
    await page.goto('/session?id=no-such-session');
    const error = page.getByTestId('session-error');
    await error.waitFor();
    expect(await error.getByRole('button', { name: '重試' }).count()).toBe(0);
    await error.getByRole('link', { name: '看看其他場次' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});
