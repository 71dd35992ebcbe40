import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phone, poll, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** How many session cards the first screen shows, partly shown ones by their visible share. */
function cardsOnScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const nav = document.querySelector('.bottom-nav')?.getBoundingClientRect().height ?? 0;
    const bottom = window.innerHeight - nav;
    return Array.from(document.querySelectorAll('[data-testid="session-card"]')).reduce((sum, card) => {
      const box = card.getBoundingClientRect();
      const shown = Math.max(0, Math.min(box.bottom, bottom) - Math.max(box.top, 0));
      return sum + shown / box.height;
    }, 0);
  });
}

describe('browsing the list at 390x844', () => {
  it('starts on sessions not yet started, shows more than 2.5 cards and the filters that are on', async () => {
    const { context, page } = await phone(browser);
    await page.goto('/');
    await poll(() => page.getByTestId('session-card').count()).toBeGreaterThan(2);
    expect(await page.getByRole('button', { name: '即將開打', pressed: true }).count()).toBe(1);
    const badges = await page.getByTestId('session-badge').evaluateAll((els) => els.map((e) => e.dataset.badge));
    expect(badges.some((b) => b === 'inProgress' || b === 'ended')).toBe(false);
    expect(await cardsOnScreen(page)).toBeGreaterThanOrEqual(2.5);
    // One count format per card: places taken of the capacity, never "剩 n / m 位"; a lottery taking
    // entries says how many draw for how many places (the shared status model, issue 30).
    const places = await page.locator('.session-card__places').allInnerTexts();
    expect(places.filter((p) => !/^\d+ \/ \d+ 人$|^已額滿|^\d+ 人抽 \d+ 位$/.test(p.trim()))).toEqual([]);
    await screenshot(page, '40-browse-upcoming');

    await page.getByTestId('open-filters').click();
    const panel = page.getByTestId('filter-panel');
    await panel.getByRole('button', { name: '台北市' }).click();
    const apply = panel.getByTestId('apply-filters');
    await poll(() => apply.innerText()).toMatch(/^查看 \d+\+? 個結果$/);
    const said = Number((await apply.innerText()).match(/\d+/)![0]);
    await apply.click();
    const chips = page.getByTestId('filter-chips');
    await chips.getByRole('button', { name: '移除篩選：台北市' }).waitFor();
    await poll(() => page.getByTestId('session-card').count()).toBe(said);
    await screenshot(page, '41-browse-filter-chips');
    await chips.getByRole('button', { name: '移除篩選：台北市' }).click();
    await poll(() => page.getByTestId('filter-chips').count()).toBe(0);
    await context.close();
  });

  it('reads the same in English', async () => {
    const { context, page } = await phone(browser, { language: 'en' });
    await page.goto('/');
    await poll(() => page.getByTestId('session-card').count()).toBeGreaterThan(2);
    expect(await page.getByRole('button', { name: 'Upcoming', pressed: true }).count()).toBe(1);
    await screenshot(page, '42-browse-upcoming-en');
    expect(await cardsOnScreen(page)).toBeGreaterThanOrEqual(2.5);
    await page.getByTestId('open-filters').click();
    await poll(() => page.getByTestId('apply-filters').innerText()).toMatch(/^Show \d+\+? results?$/);
    await screenshot(page, '43-browse-filters-en');
    await context.close();
  });
});
