import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, loginThroughUi, phone, poll, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The newest code the local stack emailed to `address` (from the capture at /dev/emails). */
async function codeSentTo(address: string): Promise<string> {
  const emails = (await (await fetch(`${baseUrl()}/dev/emails`)).json()) as { to: string; text: string }[];
  const mail = emails.filter((e) => e.to === address).at(-1);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code was emailed to ${address}`);
  return code;
}

async function typeCode(page: Page, code: string) {
  await page.getByTestId('code-digit-1').click();
  await page.keyboard.type(code);
}

describe('email verification', () => {
  it('checks the address, sends a code, refuses a wrong one and verifies the right one', async () => {
    const address = `badminton.${Date.now()}@example.com`;
    const { context, page } = await phone(browser, {
      identity: { sub: 'Ue2email0000000000000000000001', name: '張信箱' },
    });
    await loginThroughUi(page, '/setting/email');
    await page.waitForURL(/\/setting\/email/);

    const form = page.getByTestId('email-form');
    await form.getByTestId('send-code').click();
    await poll(() => page.getByTestId('email-error').innerText()).toBe('請輸入電子郵件');
    await form.getByLabel('電子郵件').fill('not-an-email');
    await form.getByTestId('send-code').click();
    await poll(() => page.getByTestId('email-error').innerText()).toBe('請輸入有效的電子郵件');
    await page.getByText('為什麼需要你的電子郵件？').click();
    await screenshot(page, '17-email-enter');

    await form.getByLabel('電子郵件').fill(address);
    await form.getByTestId('send-code').click();
    const codeForm = page.getByTestId('code-form');
    await poll(() => codeForm.innerText()).toContain(address);
    expect(await page.getByTestId('resend-code').isDisabled()).toBe(true);
    expect(await page.getByTestId('resend-code').innerText()).toMatch(/\d+ 秒後可重新寄送/);

    await typeCode(page, '123');
    await page.getByTestId('verify-code').click();
    await poll(() => page.getByTestId('code-error').innerText()).toBe('請輸入完整的驗證碼');

    const code = await codeSentTo(address);
    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(page, wrong);
    await page.getByTestId('verify-code').click();
    await poll(() => page.getByTestId('code-error').innerText()).toBe('驗證碼錯誤，請再試一次');
    await screenshot(page, '18-email-code');

    await typeCode(page, code);
    expect(await page.getByTestId('code-digit-6').inputValue()).toBe(code[5]);
    await page.getByTestId('verify-code').click();
    await poll(() => page.getByTestId('email-success').innerText()).toContain('電子郵件驗證成功');
    expect(await page.getByTestId('email-success').innerText()).toContain(address);
    await screenshot(page, '19-email-success');

    await page.getByRole('button', { name: '設定通知項目' }).click();
    const news = page.getByTestId('pref-news');
    const before = await news.getAttribute('aria-checked');
    await news.click();
    await poll(() => news.getAttribute('aria-checked')).toBe(before === 'true' ? 'false' : 'true');
    await page.reload();
    await poll(() => page.getByTestId('email-verified').innerText()).toContain(address);
    await poll(() => page.getByTestId('pref-news').getAttribute('aria-checked')).toBe(
      before === 'true' ? 'false' : 'true',
    );
    for (const kind of ['news', 'newsDirect', 'waitlist', 'bookingReminder', 'sessionChange']) {
      expect(await page.getByTestId(`pref-${kind}`).isVisible()).toBe(true);
    }
    await screenshot(page, '20-email-preferences');
    await context.close();

    // Another player cannot claim the same address.
    const other = await phone(browser, { identity: { sub: 'Ue2email0000000000000000000002', name: '李重複' } });
    await loginThroughUi(other.page, '/setting/email');
    await other.page.getByTestId('email-form').getByLabel('電子郵件').fill(address);
    await other.page.getByTestId('send-code').click();
    await poll(() => other.page.getByTestId('email-error').innerText()).toBe('此電子郵件已被使用');
    await other.context.close();
  });
});
