import type { MemberProfile, SessionDetail } from '@shuttle/shared';
import { envelope, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { clearLogin, setLogin } from '@/lib/auth';
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

  it('takes exactly 5 digits as a transfer report: "123" is refused before anything is sent', async () => {
    setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
    setLogin('member-token', {} as MemberProfile);
    onTestFinished(() => clearLogin());
    const fetch = stubFetch(vi.fn(() => Promise.resolve(new Response(JSON.stringify(envelope(unpaid))))));
    render(<BookingPayment session={sessionWith(unpaid)} />);
    fireEvent.change(screen.getByTestId('transfer-reference'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('report-transfer'));
    expect((await screen.findByRole('alert')).textContent).toBe('請輸入帳號末五碼（5 位數字）。');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('transfer-reference'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('report-transfer'));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
  });

  it('keeps a reported transfer editable until the team confirms it', () => {
    const reported = { ...unpaid, reported: { reference: '12345', at: '2026-12-03T12:00:00.000Z' } };
    render(<BookingPayment session={sessionWith(reported)} />);
    expect(screen.getByTestId('transfer-reported').textContent).toContain('12345');
    expect(screen.queryByTestId('transfer-reference')).toBeNull();
    fireEvent.click(screen.getByTestId('edit-transfer-report'));
    expect((screen.getByTestId('transfer-reference') as HTMLInputElement).value).toBe('12345');
  });

  it('asks to pay at the venue, with no transfer form, when the team gave no account', () => {
    render(<BookingPayment session={{ ...sessionWith(unpaid), paymentDetails: undefined }} />);
    expect(screen.getByTestId('pay-at-venue').textContent).toBe('請於現場付款，或詢問主辦人付款方式。');
    expect(screen.queryByTestId('transfer-reference')).toBeNull();
  });

  it('shows a prepaid player the refund due, then how it was settled', () => {
    const paid = { status: 'paid', amount: 150, paid: 200, method: 'transfer', paidAt: '2026-12-03T12:00:00.000Z' };
    const { unmount } = render(<BookingPayment session={sessionWith({ ...paid, refundDue: 50 })} />);
    expect(screen.getByTestId('booking-payment').textContent).toContain('150');
    expect(screen.getByTestId('refund-due').textContent).toContain('50');
    unmount();
    const credit = { amount: 50, as: 'credit', at: '2026-12-03T15:00:00.000Z' };
    render(<BookingPayment session={sessionWith({ ...paid, refund: credit })} />);
    expect(screen.queryByTestId('refund-due')).toBeNull();
    expect(screen.getByTestId('refund-settled').textContent).toContain('儲值');
  });
});
