import type { PaymentDetailsSettings } from '@shuttle/shared';
import zhTW from '@shuttle/shared/locales/zh-TW/admin.json' with { type: 'json' };
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { PaymentDetailsPage } from './payment-details-page';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const details = (editable: PaymentDetailsSettings['editable']): PaymentDetailsSettings => ({
  bankCode: '812',
  accountName: '王小明',
  bankAccount: '001234567890',
  linePayUrl: 'https://line.me/R/pay/example',
  jkoPayUrl: '',
  editable,
});

const renderWith = (settings: PaymentDetailsSettings) => {
  stubFetch(routes({ 'setting/getPaymentDetails': envelope(settings) }));
  render(
    <MemoryRouter>
      <PaymentDetailsPage />
    </MemoryRouter>,
  );
};

/** docs/MONEY.md, "Who changes where players pay": the owner with a verified email changes them, others read them. */
describe('payment details: who changes them', () => {
  it('shows a co-admin the details read only, with a line saying only the owner can change them', async () => {
    renderWith(details('ownerOnly'));
    const view = await screen.findByTestId('payment-details-readonly');
    expect(screen.queryByTestId('payment-details-form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(within(view).getByTestId('payment-details-who').textContent).toBe(zhTW.settlement.pay.ownerOnly);
    expect(within(view).getByText('001234567890')).toBeTruthy();
    expect(within(view).getByText('812 台新銀行')).toBeTruthy();
    expect(within(view).getByText('王小明')).toBeTruthy();
    expect(within(view).getByText('https://line.me/R/pay/example')).toBeTruthy();
    expect(within(view).getByText('—')).toBeTruthy();
  });

  it('asks an owner who has not verified their email to verify it first', async () => {
    renderWith(details('verifyEmail'));
    const view = await screen.findByTestId('payment-details-readonly');
    expect(within(view).getByTestId('payment-details-who').textContent).toBe(zhTW.settlement.pay.verifyEmail);
    expect(screen.queryByTestId('payment-details-form')).toBeNull();
  });

  it('gives the owner the form, filled with the details', async () => {
    renderWith(details('yes'));
    const input = (await screen.findByTestId('pay-bankAccount')) as HTMLInputElement;
    expect(input.value).toBe('001234567890');
    expect((screen.getByTestId('pay-bank') as HTMLInputElement).value).toBe('812 台新銀行');
    expect((screen.getByTestId('pay-accountName') as HTMLInputElement).value).toBe('王小明');
    expect(screen.getByTestId('payment-details-form')).toBeTruthy();
    expect(screen.queryByTestId('payment-details-readonly')).toBeNull();
  });
});
