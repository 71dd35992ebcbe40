import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayTo } from './pay-to';

describe('where to pay', () => {
  it('shows the amount, the bank account and the payment links', () => {
    render(
      <PayTo
        details={{
          bankCode: '812',
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
  });

  it('shows nothing without details (a player who does not owe)', () => {
    const { container } = render(<PayTo details={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
