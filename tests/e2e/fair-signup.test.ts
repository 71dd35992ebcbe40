import { DEMO_ADMIN } from '@shuttle/functions/local/seed.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceStackClock,
  baseUrl,
  followStackClock,
  launchChromium,
  loginThroughUi,
  phone,
  poll,
  screenshot,
  stackNow,
} from './browser.ts';

/**
 * Fair sign-up in the member app (docs/FAIR-SIGNUP.md), against the local product with its
 * sign-up job timer: a lottery with a 1-minute window entered with a guest and drawn (the stack's
 * clock moved past the window, not waited for), and a held waitlist offer accepted.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; data: T };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

const adminToken = async () =>
  (await api<{ token: string }>('admin/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).token;

async function playerToken(sub: string, name: string) {
  const res = await fetch(`${baseUrl()}/dev/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sub, name, provider: 'line' }),
  });
  const issued = (await res.json()) as { idToken?: string; data?: { idToken: string } };
  const idToken = issued.data?.idToken ?? issued.idToken;
  return (await api<{ token: string }>('loginLine', { idToken })).token;
}

async function createSession(token: string, extra: Record<string, unknown>) {
  const now = stackNow();
  const startsAt = new Date(now + 48 * 3_600_000).toISOString();
  const created = await api<{ sessions: { id: string }[] }>(
    'admin/createSession/createSession',
    {
      publishState: 0,
      title: '公平報名測試場',
      venue: '大安運動中心',
      region: '台北市',
      courts: 1,
      capacity: 2,
      price: 200,
      categories: ['casual'],
      startsAt,
      endsAt: new Date(now + 50 * 3_600_000).toISOString(),
      signupOpensAt: new Date(now - 1_000).toISOString(),
      ...extra,
    },
    token,
  );
  return created.sessions[0]!.id;
}

describe('fair sign-up', () => {
  it('enters a lottery with a guest, sees the draw time, then the result with the seed', async () => {
    const admin = await adminToken();
    const opensAt = stackNow() - 1_000;
    const sessionId = await createSession(admin, {
      signupMode: 'lottery',
      lotteryMinutes: 1,
      signupOpensAt: new Date(opensAt).toISOString(),
    });
    const { context, page } = await phone(browser, {
      identity: { sub: 'Ue2elottery0000000000000000001', name: '抽籤王' },
    });
    await loginThroughUi(page, `/session?id=${sessionId}`);
    // The draw's day and time (issue 22), not a bare "00:00 開獎".
    await poll(() => page.getByTestId('lottery').innerText()).toMatch(/抽籤中，\d+月\d+日 \d\d:\d\d 開獎/);

    // A lottery says so (issue 30): the button, the dialog and the cancel button, never 立即預約.
    const reserve = page.getByTestId('reserve-button');
    await poll(() => reserve.innerText()).toBe('參加抽籤');
    await poll(() => page.getByTestId('people').innerText()).toBe('抽出 2 位');
    await reserve.click();
    const confirm = page.getByTestId('booking-confirm');
    await confirm.getByTestId('party-2').click();
    await poll(() => confirm.innerText()).toContain('連同你共佔 2 個名額');
    await screenshot(page, 'fair-01-lottery-confirm');
    expect(await confirm.getByRole('button', { name: '確認預約' }).count()).toBe(0);
    await confirm.getByRole('button', { name: '確認參加抽籤' }).click();
    const modal = page.getByRole('alertdialog');
    await poll(() => modal.innerText()).toContain('已登記抽籤');
    await modal.getByRole('button', { name: '確認' }).click();
    await poll(() => page.getByTestId('my-booking').innerText()).toContain('已登記抽籤');
    await poll(() => page.getByTestId('cancel-booking').innerText()).toBe('取消抽籤');
    await screenshot(page, 'fair-02-entered');

    // The window closes a minute after opening: the stack's clock moves past it, the page's follows,
    // and the local job (every 3 s) draws.
    await advanceStackClock(Math.max(0, opensAt + 61_000 - stackNow()));
    await followStackClock(context);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('my-booking').innerText();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toContain('你已預約此場次');
    await page.getByTestId('lottery').getByText('驗證抽籤').click();
    const lottery = await page.getByTestId('lottery').innerText();
    expect(lottery).toContain('開獎');
    expect(lottery).toContain('抽中順位 1 / 1');
    await screenshot(page, 'fair-03-drawn');
    await poll(() => page.getByTestId('participants').innerText()).toContain('+1');
    await context.close();
  }, 150_000);

  it('accepts a waitlist place held for the player, before it expires', async () => {
    const admin = await adminToken();
    await api('admin/setting/updateDefault', { waitlistOfferMinutes: 30 }, admin);
    let sessionId: string;
    try {
      sessionId = await createSession(admin, { capacity: 1 });
    } finally {
      await api('admin/setting/updateDefault', { waitlistOfferMinutes: 0 }, admin);
    }
    const holder = await playerToken('Ue2eholder00000000000000000001', '先到者');
    await api('checkState/sessionList/joinSession', { sessionId }, holder);
    const { context, page } = await phone(browser, {
      identity: { sub: 'Ue2eoffer000000000000000000001', name: '候補者' },
    });
    await loginThroughUi(page, `/session?id=${sessionId}`);
    await page.getByTestId('reserve-button').click();
    await page.getByTestId('booking-confirm').getByRole('button', { name: '加入候補' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
    await poll(() => page.getByTestId('my-booking').innerText()).toContain('候補');

    await api('checkState/booked/cancelBooked', { sessionId }, holder);
    await page.reload();
    await poll(() => page.getByTestId('my-booking').innerText()).toContain('名額保留給你');
    expect(await page.getByTestId('offer').innerText()).toMatch(/請在 .+ 前接受/);
    await screenshot(page, 'fair-04-offer');
    await page.getByTestId('accept-offer').click();
    await poll(() => page.getByRole('alertdialog').innerText()).toContain('已確認名額');
    await page.getByRole('alertdialog').getByRole('button', { name: '確認' }).click();
    await poll(() => page.getByTestId('my-booking').innerText()).toContain('你已預約此場次');
    await poll(() => page.getByTestId('cancel-deadline').innerText()).toContain('可取消至');
    await context.close();
  }, 90_000);
});
