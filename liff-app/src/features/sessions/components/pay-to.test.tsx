import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PayTo } from './pay-to';

describe('where to pay', () => {
  it('shows the amount, the bank account and the payment links', () => {
    render(
      <PayTo
        details={{
          bankCode: '812',
          accountName: '王小明',
          bankAccount: '001234567890',
          linePayUrl: 'https://line.me/R/pay/abc',
          jkoPayUrl: '',
          amount: 550,
        }}
      />,
    );
    expect(screen.getByTestId('pay-to').textContent).toContain('550');
    expect(screen.getByTestId('pay-to-account').textContent).toContain('(812) 001234567890');
    const link = screen.getByRole('link', { name: 'LINE Pay 付款' });
    expect(link.getAttribute('href')).toBe('https://line.me/R/pay/abc');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: '街口支付付款' })).toBeNull();
    expect(screen.getByTestId('pay-to-bank-name').textContent).toContain('台新銀行');
    expect(screen.getByTestId('pay-to-holder').textContent).toContain('王小明');
  });

  it('copies the bank code and the account number', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <PayTo
        details={{
          bankCode: '700',
          accountName: '',
          bankAccount: '00012345678901',
          linePayUrl: '',
          jkoPayUrl: '',
          amount: 200,
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '複製銀行代碼' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('700'));
    fireEvent.click(screen.getByRole('button', { name: '複製帳號' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('00012345678901'));
    expect(screen.queryByTestId('pay-to-holder')).toBeNull();
    expect(screen.getByTestId('pay-to-bank-name').textContent).toContain('中華郵政');
  });

  it('shows nothing without details (a player who does not owe)', () => {
    const { container } = render(<PayTo details={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
