import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, phone, poll, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('a visitor', () => {
  it('browses sessions by status and filters them by region and category', async () => {
    const { context, page } = await phone(browser);
    await page.goto('/');
    const cards = page.getByTestId('session-card');
    await poll(() => cards.count()).toBeGreaterThan(3);
    // The list opens on sessions not yet started: 即將開打 (issue 22, item 7).
    await poll(() => page.getByRole('button', { name: '即將開打' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, '01-home');

    await page.getByRole('button', { name: '報名中' }).click();
    await poll(() => page.getByRole('button', { name: '報名中' }).getAttribute('aria-pressed')).toBe('true');
    // One badge per card (docs/PLAYER-EXPERIENCE.md, "Status model"): 報名中, a lottery taking entries
    // (its own badge since issue 30), or why it cannot be booked now.
    const openBadges = ['open', 'lottery', 'full', 'closed'];
    await poll(async () => {
      const badges = await cards
        .locator('[data-testid="session-badge"]')
        .evaluateAll((nodes) => nodes.map((b) => b.getAttribute('data-badge')));
      return badges.length > 0 && badges.every((badge) => openBadges.includes(badge ?? ''));
    }).toBe(true);
    expect(await cards.locator('[data-testid="session-badge"]').count()).toBe(await cards.count());
    await page.getByRole('button', { name: '全部場次' }).click();

    await page.getByTestId('open-filters').click();
    const panel = page.getByTestId('filter-panel');
    await panel.getByRole('button', { name: '台北市' }).click();
    await panel.getByRole('button', { name: '競技' }).click();
    // Price order is bounded by a date (docs/DECISIONS.md): without one it is offered disabled, with the reason.
    const sort = panel.getByRole('group', { name: '排序' });
    await expect(sort.getByRole('radio', { name: '價格由低到高' }).isDisabled()).resolves.toBe(true);
    await expect(panel.getByTestId('price-needs-date').isVisible()).resolves.toBe(true);
    await sort.getByText('日期由晚到早').click();
    await expect(panel.getByRole('button', { name: '清除全部 (3)' }).isVisible()).resolves.toBe(true);
    await screenshot(page, '02-filter-panel');
    // 查看結果 says how many the filters find once it knows (查看 N 個結果).
    await panel.getByTestId('apply-filters').click();

    await poll(() => page.getByTestId('filter-count').innerText()).toContain('3');
    await poll(() => cards.count()).toBeGreaterThan(0);
    const texts = await cards.allInnerTexts();
    for (const text of texts) {
      expect(text).toContain('台北市');
      expect(text).toContain('競技');
    }
    await screenshot(page, '03-home-filtered');

    await page.getByRole('button', { name: '清除全部' }).first().click();
    await poll(() => page.getByTestId('filter-count').count()).toBe(0);
    await context.close();
  });

  it('picks the region from the browser position, and explains a refused permission', async () => {
    const located = await phone(browser, {
      permissions: ['geolocation'],
      geolocation: { latitude: 22.612, longitude: 120.3 },
    });
    await located.page.goto('/');
    await located.page.getByTestId('open-filters').click();
    await located.page.getByRole('button', { name: '使用目前位置' }).click();
    await poll(() => located.page.getByText('已定位：高雄市').count()).toBe(1);
    expect(await located.page.getByRole('button', { name: '高雄市' }).getAttribute('aria-pressed')).toBe('true');
    await located.context.close();

    const refused = await phone(browser);
    await refused.page.goto('/');
    await refused.page.getByTestId('open-filters').click();
    await refused.page.getByRole('button', { name: '使用目前位置' }).click();
    await poll(() => refused.page.getByRole('alert').innerText()).toBe(
      '無法取得定位權限，請至瀏覽器設定允許存取位置。',
    );
    await refused.context.close();
  });

  it('reads a session with its participants, and is asked to log in to reserve', async () => {
    const { context, page } = await phone(browser);
    await page.goto('/');
    await page.getByRole('button', { name: '報名中' }).click();
    await page.getByTestId('session-card').first().click();
    await page.waitForURL(/\/session\?id=/);
    const detail = page.getByTestId('session-detail');
    await poll(() => page.getByTestId('fee').innerText()).toMatch(/^\d+ 元$/);
    await poll(() => detail.innerText()).toContain('報名名單');
    const text = await detail.innerText();
    expect(text).toMatch(/正取\s*\d+/);
    expect(text).toMatch(/候補\s*\d+/);
    expect(text).toContain('場地');
    expect(text).toContain('備註');
    expect(text).toContain('加入 LINE 社群');
    await screenshot(page, '04-session-detail-visitor');

    await page.getByTestId('reserve-button').click();
    const prompt = page.getByTestId('login-prompt');
    await poll(() => prompt.innerText()).toContain('你尚未登入，請先登入後再繼續。');
    await screenshot(page, '05-login-required');
    await context.close();
  });

  it("sees 'Booking Closed' on a session closed to booking", async () => {
    const response = await fetch(`${baseUrl()}/api/withoutAuth/getSessionList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'open', limit: 50 }),
    });
    const { data } = (await response.json()) as { data: { items: { id: string; bookingClosed: boolean }[] } };
    const closed = data.items.find((s) => s.bookingClosed);
    expect(closed, 'the seed closes one open session').toBeDefined();
    const { context, page } = await phone(browser);
    await page.goto(`/session?id=${closed!.id}`);
    await poll(() => page.getByTestId('reserve-button').innerText()).toBe('已截止報名');
    expect(await page.getByTestId('reserve-button').isDisabled()).toBe(true);
    await context.close();
  });

  it('lands on home from an unknown path, and reads the information pages', async () => {
    const { context, page } = await phone(browser);
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await poll(() => page.getByTestId('session-card').count()).toBeGreaterThan(0);

    await page.goto('/setting/badminton-levels');
    await poll(() => page.getByRole('columnheader').allInnerTexts()).toEqual(['等級', '參賽組別', '技術描述']);
    expect(await page.getByRole('row').count()).toBeGreaterThanOrEqual(7);
    await screenshot(page, '30-badminton-levels');

    await page.goto('/setting/privacy-policy');
    await poll(() => page.getByTestId('privacy-page').innerText()).toContain('2025年2月1日');
    expect(await page.getByTestId('privacy-page').innerText()).toContain('未滿 16 歲');
    await screenshot(page, '31-privacy-policy');

    await page.goto('/setting/terms-of-service');
    await poll(() => page.getByTestId('terms-page').innerText()).toContain('2025年2月1日');
    await screenshot(page, '32-terms-of-service');

    await page.goto('/setting/about-us');
    await poll(() => page.getByTestId('about-page').innerText()).toContain('關於我們');
    await screenshot(page, '33-about-us');

    await page.goto('/setting');
    await poll(() => page.getByTestId('settings').innerText()).toContain('訪客');
    const settings = await page.getByTestId('settings').innerText();
    expect(settings).toContain('羽球程度分級');
    expect(settings).toContain('成為團長');
    expect(settings).not.toContain('登出');
    expect(settings).not.toContain('前往管理後台');
    expect(settings).toMatch(/版本 \d+\.\d+\.\d+/);
    await screenshot(page, '29-settings-guest');
    await context.close();
  });
});
