import { envelope, failure, routes, sentRequest, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { VerifyEmailBanner } from './verify-email-banner';

const signedIn = (changes: Partial<typeof profile>) =>
  authStore.set({ token: 'admin-token', profile: { ...profile, ...changes }, status: 'authenticated' });

afterEach(() => clearLogin());

describe('the email verification banner', () => {
  it('is not shown once the email is verified', () => {
    signedIn({ emailVerified: true });
    render(<VerifyEmailBanner />);
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
  });

  it('verifies the code and goes away', async () => {
    signedIn({ emailVerified: false });
    const fetch = stubFetch(routes({ 'email/verifyCode': envelope({ ...profile, emailVerified: true }) }));
    render(<VerifyEmailBanner />);
    expect(screen.getByTestId('verify-email-banner').textContent).toContain('admin@shuttle.tw');
    fireEvent.change(screen.getByLabelText('驗證碼'), { target: { value: '12a3456' } });
    fireEvent.click(screen.getByRole('button', { name: '驗證' }));
    await waitFor(() => expect(screen.queryByTestId('verify-email-banner')).toBeNull());
    expect(sentRequest(fetch).body).toEqual({ code: '123456' });
    expect(authStore.get().profile?.emailVerified).toBe(true);
  });

  it('shows a refusal under the code and sends a new code on request', async () => {
    signedIn({ emailVerified: false });
    stubFetch(
      routes({
        'email/verifyCode': { status: 400, body: failure('CODE_INCORRECT', 'Incorrect verification code') },
        'email/sendCode': envelope({
          email: 'admin@shuttle.tw',
          expiresAt: '2026-12-01T02:10:00.000Z',
          resendAvailableAt: '2026-12-01T02:01:00.000Z',
        }),
      }),
    );
    render(<VerifyEmailBanner />);
    fireEvent.click(screen.getByRole('button', { name: '驗證' }));
    expect((await screen.findByRole('alert')).textContent).toBe('請輸入完整的驗證碼');
    fireEvent.change(screen.getByLabelText('驗證碼'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '驗證' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('驗證碼錯誤，請再試一次'));
    fireEvent.click(screen.getByRole('button', { name: '重新寄送驗證碼' }));
    expect((await screen.findByRole('status')).textContent).toBe('新的驗證碼已寄到 admin@shuttle.tw。');
  });

  it('tells a team leader to verify in the player app', () => {
    signedIn({ emailVerified: false, linkedMember: true, email: null });
    render(<VerifyEmailBanner />);
    expect(screen.getByTestId('verify-email-banner').textContent).toContain('設定 → 我的電子郵件');
    expect(screen.queryByLabelText('驗證碼')).toBeNull();
  });
});
