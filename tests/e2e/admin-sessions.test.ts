import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, desktop, loginAsDemoAdmin, newPlayer, taipeiDateIn } from './admin-browser.ts';
import { launchChromium, poll, screenshot } from './browser.ts';

/**
 * The admin journeys work on sessions they create themselves and a player they sign up, so the
 * member-app journeys sharing this stack keep the seeded sessions as they were.
 */
let browser: Browser;
let page: Page;
let closeContext: () => Promise<void>;
const title = `夜間練球 E2E ${Date.now().toString(36)}`;
const created: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const { context, page: p } = await desktop(browser);
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

describe('admin sessions', () => {
  it('creates a weekly recurring session and sees it listed', async () => {
    await page.getByTestId('nav-create').click();
    await page.getByTestId('create-form').waitFor();
    await page.getByTestId('title-input').fill(title);
    await page.getByRole('button', { name: '競技' }).click();
    await page.getByText('每週重複').click();
    await page.getByTestId('date-input').fill(taipeiDateIn(15));
    await page.getByTestId('weeks-input').fill('3');
    await page.getByLabel('開始時間').fill('19:30');
    await page.getByLabel('結束時間').fill('21:30');
    // Sign-up opens at once, so the journeys below can book.
    await page.getByLabel('開賽前幾天開放報名').fill('30');
    await page.getByTestId('capacity-input').fill('12');
    const preview = page.getByTestId('create-preview');
    await poll(() => preview.locator('li').count()).toBe(3);
    await poll(() => page.getByTestId('create-submit').innerText()).toBe('發布 3 個場次');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'admin-03-create', true);

    await page.getByTestId('create-submit').click();
    await dismissModal('已建立 3 個場次');
    const rows = page.getByTestId('created-sessions').getByTestId('session-row');
    await poll(() => rows.count()).toBe(3);
    for (const row of await rows.all()) created.push((await row.getAttribute('data-session-id'))!);
    expect(await rows.first().innerText()).toContain(title);
    await screenshot(page, 'admin-04-created');

    await page.getByTestId('nav-board').click();
    const listed = page.getByTestId('all-sessions').getByTestId('session-row').filter({ hasText: title });
    // A page holds 20 sessions: other journeys on this stack may have added sooner ones, so more pages load.
    const more = page.getByTestId('all-sessions').locator('.load-more');
    await poll(async () => {
      if ((await listed.count()) < 3 && (await more.count()) > 0) await more.click();
      return listed.count();
    }).toBe(3);
    expect(await listed.first().innerText()).toContain('0 / 12 人');
  });

  it('closes sign-up (Booking Closed) and reopens it', async () => {
    await page.goto(`/admin/detail?id=${created[0]}`);
    const opening = page.getByTestId('switch-opening');
    await poll(() => opening.getAttribute('aria-checked')).toBe('true');
    await opening.click();
    await poll(() => opening.getAttribute('aria-checked')).toBe('false');
    // One status badge, the words players see (the status model): the reason itself.
    const badge = page.getByTestId('session-info').getByTestId('session-badge');
    await poll(() => badge.innerText()).toBe('已截止報名');
    const closed = await api<{ bookingClosed: boolean }>('withoutAuth/getDetail', { sessionId: created[0] });
    expect(closed.bookingClosed).toBe(true);
    await screenshot(page, 'admin-05-detail-closed', true);

    await opening.click();
    await poll(() => opening.getAttribute('aria-checked')).toBe('true');
    await poll(() => badge.getAttribute('data-badge')).not.toBe('closed');
    const reopened = await api<{ bookingClosed: boolean }>('withoutAuth/getDetail', { sessionId: created[0] });
    expect(reopened.bookingClosed).toBe(false);
  });

  it('checks a booked player in, then blocks them, which cancels their later booking', async () => {
    const player = await newPlayer('E2E 球友');
    await api('checkState/member/joinTeam', { teamId: 'team-daan-smash' }, player.token);
    for (const sessionId of created.slice(0, 2)) {
      await api('checkState/sessionList/joinSession', { sessionId }, player.token);
    }

    await page.goto(`/admin/detail?id=${created[0]}`);
    await poll(() => page.getByTestId('participants').innerText()).toContain(player.name);
    await page.getByTestId('to-checkin').click();
    const row = page.getByTestId('checkin-row').filter({ hasText: player.name });
    await poll(() => row.getAttribute('data-attendance')).toBe('unmarked');
    await row.getByTestId('mark-attended').click();
    await poll(() => row.getAttribute('data-attendance')).toBe('attended');
    expect(await row.getByTestId('mark-attended').getAttribute('aria-pressed')).toBe('true');
    await poll(() => page.getByTestId('checkin-counts').innerText()).toMatch(/已出席\s*1/);
    await screenshot(page, 'admin-06-checkin');

    await page.getByTestId('nav-members').click();
    await page.getByTestId('member-search').fill(player.name);
    const member = page.getByTestId('member-row').filter({ hasText: player.name });
    await poll(() => member.count()).toBe(1);
    await member.getByTestId('toggle-block').click();
    await page.getByTestId('block-dialog').getByRole('button', { name: '封鎖' }).click();
    // The checked-in booking stays; the other future one is cancelled.
    await dismissModal('並取消 1 筆未來的預約');
    await poll(() => member.getAttribute('data-blocked')).toBe('true');
    await screenshot(page, 'admin-07-members-blocked');
    await page.getByRole('button', { name: '已封鎖', exact: true }).click();
    await poll(() => page.getByTestId('member-row').filter({ hasText: player.name }).count()).toBe(1);

    await page.goto(`/admin/books?id=${created[1]}`);
    await poll(() => page.getByTestId('booking-row').filter({ hasText: player.name }).getAttribute('data-status')).toBe(
      'cancelled',
    );
    await screenshot(page, 'admin-08-bookings');
  });

  it('removes a booked player, and the first on the waitlist takes the place', async () => {
    const [first, second] = [await newPlayer('E2E 先報名'), await newPlayer('E2E 候補')];
    const sessionId = created[2]!;
    await api('checkState/sessionList/joinSession', { sessionId }, first.token);
    const adminToken = (await page.evaluate(() => window.localStorage.getItem('admin-token')))!;
    await api('admin/courtSession/updateCapacity', { sessionId, capacity: 1 }, adminToken);
    await api('checkState/sessionList/joinSession', { sessionId }, second.token);

    await page.goto(`/admin/detail?id=${sessionId}`);
    const accepted = page.getByTestId('accepted-player').filter({ hasText: first.name });
    await poll(() => accepted.count()).toBe(1);
    await poll(() => page.getByTestId('waiting-player').filter({ hasText: second.name }).count()).toBe(1);
    await accepted.getByTestId('remove-player').click();
    await page.getByTestId('remove-dialog').getByRole('button', { name: '確認移除' }).click();
    await dismissModal('候補第一位已遞補');

    await poll(() => page.getByTestId('accepted-player').filter({ hasText: second.name }).count()).toBe(1);
    await poll(() => page.getByTestId('waiting-player').count()).toBe(0);
    // A signed-in player's list (a visitor's has counts only: docs/PRIVACY.md).
    const members = await api<{ accepted: { name: string }[]; waiting: unknown[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId },
      second.token,
    );
    expect(members.accepted.map((p) => p.name)).toEqual([second.name]);
    expect(members.waiting).toEqual([]);
  });
});
