import type { BookedList, MemberProfile, Payment } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { clearLogin, setLogin } from '@/lib/auth';
import { ReservedList } from './reserved-list';

// Far ahead: the test reads no clock.
const card = (id: string, payment: Payment): BookedList[number] =>
  ({
    id,
    teamId: 'team-daan',
    teamName: '大安羽球同好會',
    title: `場次 ${id}`,
    venue: '大安運動中心',
    address: '台北市大安區辛亥路三段55號',
    notes: '',
    lineLink: '',
    privateRules: '',
    region: '台北市',
    categories: ['casual'],
    courts: 2,
    capacity: 8,
    price: 250,
    startsAt: '2099-05-07T11:00:00.000Z',
    endsAt: '2099-05-07T13:00:00.000Z',
    signupOpensAt: '2099-04-30T04:00:00.000Z',
    isPublic: true,
    bookingClosed: false,
    acceptedCount: 3,
    waitingCount: 0,
    remaining: 5,
    status: 'open',
    startingSoon: false,
    cancelWindowMinutes: 120,
    myBooking: {
      status: 'accepted',
      position: null,
      partySize: 1,
      canCancel: true,
      attendance: null,
      bookedAt: '2099-05-01T04:00:00.000Z',
      payment,
    },
  }) as unknown as BookedList[number];

const unpaid: Payment = { status: 'unpaid', amount: 250, method: null, paidAt: null };
const reported: Payment = { ...unpaid, reported: { reference: '12345', at: '2099-05-02T04:00:00.000Z' } };
const paid: Payment = {
  status: 'paid',
  amount: 180,
  paid: 250,
  refundDue: 70,
  method: 'transfer',
  paidAt: '2099-05-02T04:00:00.000Z',
};

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
  setLogin('member-token', {} as MemberProfile);
});
afterEach(() => {
  removeQueries();
  clearLogin();
});

/** docs/MONEY.md: the 已預約 cards say each booking's payment state and amount. */
describe('the reserved cards', () => {
  it('show 未付款, 已回報 or 已付款 and the amount the booking owes', async () => {
    const list = [card('a', unpaid), card('b', reported), card('c', paid)];
    stubFetch(routes({ 'checkState/booked/getBooked': envelope(list) }));
    render(
      <MemoryRouter>
        <ReservedList onBookNow={() => {}} />
      </MemoryRouter>,
    );
    const cards = await screen.findAllByTestId('booked-card');
    const badge = (i: number) => within(cards[i]!).getByTestId('booked-payment').textContent;
    expect([badge(0), badge(1), badge(2)]).toEqual(['未付款', '已回報', '已付款']);
    // The paid booking's amount is its per-head share, not the session's price.
    expect(cards[2]!.textContent).toContain('180');
    expect(cards[2]!.textContent).not.toContain('250');
  });

  it('say in the cancel dialog how a reported transfer comes back', async () => {
    stubFetch(routes({ 'checkState/booked/getBooked': envelope([card('b', reported)]) }));
    render(
      <MemoryRouter>
        <ReservedList onBookNow={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('cancel-booking'));
    expect((await screen.findByTestId('cancel-transfer-refund')).textContent).toContain('12345');
  });
});
