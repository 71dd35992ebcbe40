import { taipeiDate, taipeiDayStart, taipeiWeekday } from '@shuttle/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, layoutProblems, settle } from './a11y.ts';
import { api, desktop, loginAsDemoAdmin, taipeiDateIn } from './admin-browser.ts';
import { animationsDone, launchChromium, poll, screenshot } from './browser.ts';

/**
 * The organiser's journeys of issue 30 at phone width (390 px), in both colour schemes: a weekly
 * repeat on two weekdays, then a copy of one of its sessions to a new date.
 */
let browser: Browser;
let page: Page;
let closeContext: () => Promise<void>;
const title = `週二四 E2E ${Date.now().toString(36)}`;
const created: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const { context, page: p } = await desktop(browser, { viewport: { width: 390, height: 844 } });
  page = p;
  closeContext = () => context.close();
  await loginAsDemoAdmin(page);
});
afterAll(async () => {
  await closeContext?.();
  await browser?.close();
});

const dismissModal = async (text: string) => {
  const modal = page.getByRole('alertdialog');
  await poll(() => modal.innerText()).toContain(text);
  await modal.getByRole('button', { name: '確認' }).click();
};

/** Accessible and within 390 px, in light and then dark mode. */
async function checkBothSchemes() {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await animationsDone(page);
    await expectAccessible(page);
    expect(await layoutProblems(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

interface Detail {
  title: string;
  startsAt: string;
  endsAt: string;
  signupOpensAt: string;
  capacity: number;
}

describe('organiser journeys', () => {
  it('publishes a weekly repeat on two weekdays: weeks × weekdays sessions on those days', async () => {
    const firstDate = taipeiDateIn(15);
    const first = taipeiWeekday(taipeiDayStart(firstDate));
    const second = ((first + 1) % 7) + 1; // two days later
    await page.goto('/admin/create');
    await settle(page, '[data-testid="create-form"]');
    await page.getByTestId('title-input').fill(title);
    await page.getByText('每週重複').click();
    await page.getByTestId('date-input').fill(firstDate);
    await page.getByTestId('weeks-input').fill('2');
    await page.getByLabel('開賽前幾天開放報名').fill('30');
    // The first date's weekday is on and fixed; the second is chosen.
    const firstDay = page.getByTestId(`weekday-${first}`);
    expect(await firstDay.getAttribute('aria-pressed')).toBe('true');
    expect(await firstDay.isDisabled()).toBe(true);
    await page.getByTestId(`weekday-${second}`).click();
    await poll(() => page.getByTestId(`weekday-${second}`).getAttribute('aria-pressed')).toBe('true');
    await poll(() => page.getByTestId('create-submit').innerText()).toBe('發布 4 個場次');
    await page.getByTestId('weekdays').scrollIntoViewIfNeeded();
    await checkBothSchemes();
    await screenshot(page, 'admin-organiser-01-weekdays');

    await page.getByTestId('create-submit').click();
    await dismissModal('已建立 4 個場次');
    const rows = page.getByTestId('created-sessions').getByTestId('session-row');
    await poll(() => rows.count()).toBe(4);
    for (const row of await rows.all()) created.push((await row.getAttribute('data-session-id'))!);
    const details = await Promise.all(created.map((id) => api<Detail>('withoutAuth/getDetail', { sessionId: id })));
    const days = details.map((d) => taipeiWeekday(d.startsAt)).sort();
    expect(days).toEqual([first, first, second, second].sort());
    expect(details.map((d) => d.title)).toEqual(Array(4).fill(title));
  });

  it('copies a session to a new date: same settings, moved start, end and sign-up', async () => {
    const sourceId = created[0]!;
    const source = await api<Detail>('withoutAuth/getDetail', { sessionId: sourceId });
    await page.goto(`/admin/detail?id=${sourceId}`);
    await settle(page, '[data-testid="session-detail"] [data-testid="session-info"]');
    await page.getByTestId('copy-session').click();
    const dialog = page.getByTestId('copy-dialog');
    await dialog.waitFor();
    const newDate = taipeiDateIn(40);
    await page.getByTestId('copy-date').fill(newDate);
    await poll(() => dialog.innerText()).toContain('開放報名');
    await checkBothSchemes();
    await screenshot(page, 'admin-organiser-02-copy');

    await dialog.getByRole('button', { name: '建立副本' }).click();
    await dismissModal('已複製場次');
    await page.waitForURL((url) => url.pathname.endsWith('/detail') && url.searchParams.get('id') !== sourceId);
    const copyId = new URL(page.url()).searchParams.get('id')!;
    await page.getByTestId('session-info').waitFor();
    expect(await page.getByTestId('session-detail').innerText()).toContain(title);
    const copy = await api<Detail>('withoutAuth/getDetail', { sessionId: copyId });
    expect(taipeiDate(copy.startsAt)).toBe(newDate);
    const offset = Date.parse(copy.startsAt) - Date.parse(source.startsAt);
    expect(Date.parse(copy.endsAt) - Date.parse(source.endsAt)).toBe(offset);
    expect(Date.parse(copy.signupOpensAt) - Date.parse(source.signupOpensAt)).toBe(offset);
    expect({ title: copy.title, capacity: copy.capacity }).toEqual({ title: source.title, capacity: source.capacity });
  });
});
