import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsDone } from './browser.ts';

/**
 * The accessibility rules of docs/PLAYER-EXPERIENCE.md ("Accessibility"), measured in the
 * browser: axe-core's WCAG 2.x A/AA rules, one `<h1>` and a `<main>` landmark per screen,
 * and touch targets of at least 44×44 CSS px.
 */

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  targets: string[];
}

/**
 * axe-core's serious and critical findings on the page as it is now, plus every contrast finding.
 * The apps have no frames, so axe runs in the page itself (`setLegacyMode`: no blank page opened
 * per check to merge frames' results), and only violations are gathered in detail: the same
 * findings, in about half the time (docs/TESTING.md, "Suite time").
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** How many `<h1>` and `<main>` landmarks the screen shows (hidden ones do not count). */
export function landmarks(page: Page): Promise<{ h1: number; main: number }> {
  return page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0;
    return {
      h1: Array.from(document.querySelectorAll('h1')).filter(visible).length,
      main: Array.from(document.querySelectorAll('main, [role="main"]')).filter(visible).length,
    };
  });
}

/** Tappable elements smaller than `min`×`min` CSS px (links inside running text are exempt, WCAG 2.5.5). */
export function smallTouchTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, [role="button"], [role="tab"], input, select, textarea, summary, label[for]';
    const inText = (el: Element) => el.tagName === 'A' && el.parentElement?.closest('p, li.prose, .prose') !== null;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).join('.')} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
    return Array.from(document.querySelectorAll(selector)).flatMap((el) => {
      if ((el as HTMLInputElement).type === 'hidden' || inText(el)) return [];
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"], [inert]'))
        return [];
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      // A visually hidden control (a styled checkbox) is tapped through its label or wrapper.
      if (box.width <= 1 || box.height <= 1 || style.opacity === '0') return [];
      return box.width + 0.5 < min || box.height + 0.5 < min
        ? [`${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`]
        : [];
    });
  }, min);
}

/**
 * Text that does not fit a phone: the page wider than the viewport, elements reaching past its
 * right edge, and text cut by `overflow: hidden` or an ellipsis (WCAG 1.4.10 reflow).
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const html = el as HTMLElement;
      if (!html.offsetParent && getComputedStyle(html).position !== 'fixed') continue;
      if (el.closest('[aria-hidden="true"], svg, .sr-only, .table-wrap, [data-scrolls]')) continue;
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!ownText) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.right > width + 1) problems.push(`past the right edge: ${describe(el)} (${Math.round(box.right)})`);
      const style = getComputedStyle(el);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clips && html.scrollWidth > html.clientWidth + 1)
        problems.push(`text cut: ${describe(el)} (${html.scrollWidth} > ${html.clientWidth})`);
    }
    return problems;
  });
}

/** Waits for a screen to be ready, its requests done and its entrance animations over. */
export async function settle(page: Page, ready: string) {
  await page.locator(ready).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  // Entrance animations fade content in; axe measures contrast on what is painted.
  await animationsDone(page);
}

/** Everything a screen breaks, in one comparison, so a failure lists all of it at once. */
export async function expectAccessible(page: Page, touch = false) {
  const found = {
    axe: await axeFindings(page),
    ...(await landmarks(page)),
    smallTouchTargets: touch ? await smallTouchTargets(page) : [],
  };
  expect(found).toEqual({ axe: [], h1: 1, main: 1, smallTouchTargets: [] });
}
