import type { SessionDetail } from '@shuttle/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingPayment } from './booking-payment';

const unpaid = { status: 'unpaid', amount: 250, method: null, paidAt: null } as const;
const sessionWith = (payment: object) =>
  ({
    id: 's-1',
    title: '週四晚場',
    price: 250,
    myBooking: { status: 'accepted', position: null, partySize: 1, canCancel: true, attendance: null, payment },
    paymentDetails: { bankCode: '812', bankAccount: '001234567890', linePayUrl: '', jkoPayUrl: '', amount: 250 },
  }) as unknown as SessionDetail;

describe("the booking's payment block", () => {
  it('shows 未付款 and the transfer form while nothing covers the booking', () => {
    render(<BookingPayment session={sessionWith(unpaid)} />);
    expect(screen.getByTestId('booking-payment').textContent).toContain('未付款');
    expect(screen.getByTestId('transfer-reference')).toBeTruthy();
  });

  it('shows 季打 instead of 未付款 and no transfer form when a valid pass covers it', () => {
    render(<BookingPayment session={sessionWith({ ...unpaid, coveredBy: { passId: 'p1', name: '秋季 10 次' } })} />);
    const block = screen.getByTestId('booking-payment');
    expect(block.textContent).toContain('季打');
    expect(block.textContent).not.toContain('未付款');
    expect(screen.getByTestId('covered-by-pass').textContent).toContain('秋季 10 次');
    expect(screen.queryByTestId('transfer-reference')).toBeNull();
  });
});
