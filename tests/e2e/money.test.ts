import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, desktop, loginAsDemoAdmin } from './admin-browser.ts';
import { baseUrl, launchChromium, loginThroughUi, phone, poll, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/**
 * An open first-come session of the demo admin's first team with a free place and a price, picked
 * by those properties (on some days the first open one is the demo lottery, where a join is an
 * entry without a payment).
 */
async function openDemoSession(): Promise<{ id: string; price: number }> {
  const response = await fetch(`${baseUrl()}/api/withoutAuth/getSessionList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'open', teamId: 'team-daan-smash', limit: 50 }),
  });
  const body = (await response.json()) as {
    data: {
      items: {
        id: string;
        price: number;
        remaining: number;
        bookingClosed: boolean;
        startingSoon: boolean;
        signupMode?: string;
      }[];
    };
  };
  const session = body.data.items.find(
    (s) => s.remaining >= 1 && s.price > 0 && !s.bookingClosed && !s.startingSoon && s.signupMode !== 'lottery',
  );
  if (!session) throw new Error('No open demo session with a place');
  return session;
}

describe('money and attendance', () => {
  it('a player reports a transfer, the admin confirms it from the outstanding list, and both see it paid; the CSV has a BOM', async () => {
    const session = await openDemoSession();
    const sub = `Ue2emoney${Date.now().toString(16)}`.padEnd(33, '0');
    const player = await phone(browser, { identity: { sub, name: '付款球友' } });
    await loginThroughUi(player.page, `/session?id=${session.id}`);
    const token = await player.page.evaluate(() => window.localStorage.getItem('token'));
    await api('checkState/sessionList/joinSession', { sessionId: session.id }, token!);
    await player.page.goto(`/session?id=${session.id}`);

    const payment = player.page.getByTestId('booking-payment');
    await poll(() => payment.getAttribute('data-payment')).toBe('unpaid');
    await poll(() => payment.innerText()).toContain('未付款');
    // Where to pay: the demo team's bank by name, with copy buttons (docs/ON-COURT.md, "Where to pay").
    await poll(() => player.page.getByTestId('pay-to-bank-name').innerText()).toContain('台新銀行');
    await player.page.getByTestId('copy-bank-account').waitFor();
    await player.page.getByTestId('transfer-reference').fill('12345');
    await player.page.getByTestId('report-transfer').click();
    await poll(() => player.page.getByRole('alertdialog').innerText()).toContain('球隊確認後即完成付款');
    await player.page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
    await poll(() => player.page.getByTestId('transfer-reported').innerText()).toContain('12345');
    await screenshot(player.page, 'money-01-transfer-reported');

    const admin = await desktop(browser);
    await loginAsDemoAdmin(admin.page);
    await admin.page.goto('/admin/money');
    const row = admin.page.locator(
      `[data-testid="outstanding-row"][data-user-id="line_${sub}"][data-session-id="${session.id}"]`,
    );
    await poll(() => row.getByTestId('confirm-transfer').innerText()).toContain('12345');
    await screenshot(admin.page, 'money-02-outstanding');
    await row.getByTestId('confirm-transfer').click();
    await poll(() => row.count()).toBe(0);

    await player.page.reload();
    await poll(() => player.page.getByTestId('booking-payment').getAttribute('data-payment')).toBe('paid');
    await poll(() => player.page.getByTestId('booking-payment').innerText()).toContain('銀行轉帳');

    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.page.getByTestId('export-revenue').click(),
    ]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(
      '開始時間,場次,場地,費用,已報名,出席,缺席,已收,未收,免收,實收',
    );

    await admin.context.close();
    await player.context.close();
  });

  it("the player's money screen and a booked detail fit 390 px in German", async () => {
    const session = await openDemoSession();
    const sub = `Ue2emoneyde${Date.now().toString(16)}`.padEnd(33, '0');
    const player = await phone(browser, { identity: { sub, name: 'Zahlende Spielerin' }, language: 'de' });
    await loginThroughUi(player.page, '/setting/money');
    await player.page.getByTestId('level-select').selectOption('13');
    await poll(() => player.page.getByTestId('level-select').inputValue()).toBe('13');
    await poll(() => player.page.getByTestId('my-passes').innerText()).toContain('Keine gültigen Saisonkarten');
    const fits = () => player.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await fits()).toBeLessThanOrEqual(0);
    await screenshot(player.page, 'money-04-settings-de');

    const token = await player.page.evaluate(() => window.localStorage.getItem('token'));
    await api('checkState/sessionList/joinSession', { sessionId: session.id }, token!);
    await player.page.goto(`/session?id=${session.id}`);
    await poll(() => player.page.getByTestId('booking-payment').innerText()).toContain('Unbezahlt');
    expect(await fits()).toBeLessThanOrEqual(0);
    await screenshot(player.page, 'money-05-detail-de');
    await player.context.close();
  });

  it('a phone-sized admin screen of money fits 390 px', async () => {
    const admin = await desktop(browser, { viewport: { width: 390, height: 844 } });
    await loginAsDemoAdmin(admin.page);
    await admin.page.goto('/admin/money');
    await admin.page.getByTestId('outstanding').waitFor();
    const overflow = await admin.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(admin.page, 'money-03-phone', true);

    // The section nav jumps to 待確認, which filters the list to the reported transfers.
    const nav = admin.page.getByRole('navigation', { name: '收費頁區段' });
    await nav.getByRole('link', { name: '待確認' }).click();
    await poll(() => admin.page.getByRole('button', { name: '已回報，待確認' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      await admin.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // 營收 of the per-session report is in view at 390 px without scrolling sideways.
    await admin.page.goto('/admin/books');
    const revenue = admin.page.getByTestId('report-sessions').getByRole('columnheader', { name: '營收' });
    await revenue.waitFor();
    const box = await revenue.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(admin.page, 'money-06-reports-phone', true);
    await admin.context.close();
  });
});
