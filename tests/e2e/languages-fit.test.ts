import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutProblems } from './a11y.ts';
import { animationsDone, launchChromium, loginThroughUi, openSessions, phone } from './browser.ts';

/**
 * Every main screen fits 390 px in the two languages with the longest words (German) and the
 * widest glyphs (Japanese): no sideways scrolling, nothing past the edge, no text cut off
 * (docs/PLAYER-EXPERIENCE.md, "Languages").
 */
let browser: Browser;
let sessionId: string;
beforeAll(async () => {
  browser = await launchChromium();
  sessionId = (await openSessions())[0]!.id;
});
afterAll(() => browser?.close());

const screens: [string, string][] = [
  ['/', '[data-testid="session-card"]'],
  ['/?tab=reserved', '[data-testid="reserved-list"], [data-testid="reserved-empty"]'],
  ['/?tab=reservationHistory', '[data-testid="history"]'],
  ['/session?id=SESSION', '[data-testid="reserve-button"]'],
  ['/setting', '[data-testid="settings"]'],
  ['/setting/notifications', '[data-testid="channels"]'],
  ['/setting/calendar', '[data-testid="calendar-feed"]'],
  ['/setting/email', '[data-testid="email-page"]'],
  ['/setting/badminton-levels', 'table'],
  ['/setting/terms-of-service', 'h1'],
];

async function walk(page: Page) {
  const found: Record<string, string[]> = {};
  for (const [path, ready] of screens) {
    await page.goto(path.replace('SESSION', sessionId));
    await page.locator(ready).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await animationsDone(page);
    const problems = await layoutProblems(page);
    if (problems.length) found[path] = problems;
  }
  return found;
}

describe('the member app at 390×844', () => {
  for (const language of ['de', 'ja'] as const) {
    it(`fits every main screen in ${language}`, async () => {
      const { context, page } = await phone(browser, { language, locale: language });
      await loginThroughUi(page, '/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await walk(page)).toEqual({});
      // The filter panel lists the regions by their names in this language.
      await page.goto('/');
      await page
        .getByRole('button', { name: language === 'de' ? 'Filter' : '絞り込み' })
        .first()
        .click();
      const chips = page.locator('.chip-grid .chip');
      await chips.first().waitFor();
      expect(await chips.first().innerText()).toBe(language === 'de' ? 'Taipeh' : '台北市');
      expect(await layoutProblems(page)).toEqual([]);
      await context.close();
    });
  }
});
