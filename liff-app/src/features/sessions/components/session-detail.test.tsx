import type { MemberProfile, SessionDetail } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { clearLogin, setLogin } from '@/lib/auth';
import { SessionDetailView } from './session-detail';

// Far ahead, open and with places: the test reads no clock.
const session: SessionDetail = {
  id: 'session-1',
  teamId: 'team-daan',
  teamName: '大安羽球同好會',
  title: '週四晚場',
  venue: '大安運動中心',
  address: '台北市大安區辛亥路三段55號',
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
  notes: '',
  lineLink: '',
  privateRules: '',
  cancelWindowMinutes: 120,
};
const booking = (partySize: number) => ({
  status: 'accepted' as const,
  position: null,
  partySize,
  canCancel: true,
  attendance: null,
  bookedAt: '2099-05-01T04:00:00.000Z',
  payment: { status: 'unpaid' as const, amount: 250 * partySize, method: null, paidAt: null },
});
const members = { visibility: 'counts', accepted: [], waiting: [], acceptedCount: 3, waitingCount: 0 };

/** The detail as the API answers `detail`, signed in or (`token` null) as a visitor. */
async function show(detail: SessionDetail, token: string | null = 'member-token') {
  if (token) setLogin(token, {} as MemberProfile);
  stubFetch(
    routes({
      'checkState/sessionList/getDetail': envelope(detail),
      'withoutAuth/getDetail': envelope(detail),
      'checkState/sessionList/getMemberList': envelope(members),
      'withoutAuth/getMemberList': envelope(members),
    }),
  );
  render(
    <MemoryRouter>
      <SessionDetailView sessionId={detail.id} />
    </MemoryRouter>,
  );
  await screen.findByText(detail.title);
}

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
});
afterEach(() => {
  removeQueries();
  clearLogin();
});

describe('the action bar price', () => {
  it("is the party's total with its breakdown when the player's booking has a guest", async () => {
    await show({ ...session, myBooking: booking(2) });
    expect(screen.getByTestId('action-bar-price').textContent).toContain('500 元（250 元 × 2 位）');
  });

  it('follows the party size chosen in the booking confirmation, and one place again once it closes', async () => {
    await show({ ...session, myBooking: null });
    const price = () => screen.getByTestId('action-bar-price').querySelector('strong')!.textContent;
    expect(price()).toBe('250 元');
    fireEvent.click(screen.getByTestId('reserve-button'));
    fireEvent.click(await screen.findByTestId('party-3'));
    expect(price()).toBe('750 元（250 元 × 3 位）');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(price()).toBe('250 元');
  });

  it('is one place for a single booking and for a visitor', async () => {
    await show({ ...session, myBooking: booking(1) });
    expect(screen.getByTestId('action-bar-price').querySelector('strong')!.textContent).toBe('250 元');
    removeQueries();
    clearLogin();
    cleanup();
    await show(session, null);
    expect(screen.getByTestId('action-bar-price').querySelector('strong')!.textContent).toBe('250 元');
  });
});

describe('a cancelled booking with a reported transfer', () => {
  it('still tells the player on the detail to ask the team for the refund', async () => {
    await show({
      ...session,
      myBooking: null,
      myCancelledTransfer: { reference: '54321', at: '2099-05-02T04:00:00.000Z' },
    });
    const note = screen.getByTestId('cancelled-transfer');
    expect(note.textContent).toContain('已取消');
    expect(note.textContent).toContain('你已回報轉帳（帳號末碼 54321），取消後請聯絡球隊處理退款。');
    expect(screen.queryByTestId('my-booking')).toBeNull();
    // Cancelled, the player may book again.
    expect(screen.getByTestId('reserve-button').textContent).toBe('立即預約');
  });

  it('says nothing of a transfer when none was reported', async () => {
    await show({ ...session, myBooking: null });
    expect(screen.queryByTestId('cancelled-transfer')).toBeNull();
  });
});

describe('a lottery taking entries (issue 30: a lottery says so everywhere)', () => {
  const lottery: SessionDetail = {
    ...session,
    signupMode: 'lottery',
    acceptedCount: 0,
    remaining: 8,
    lotteryEntrants: 11,
    lottery: {
      drawAt: '2099-04-30T05:00:00.000Z',
      seedHash: 'a'.repeat(64),
      seed: null,
      drawnAt: null,
      entries: [],
      order: [],
      entryCount: 11,
    },
  };

  it('says 參加抽籤 on the button and 確認參加抽籤 in the dialog, never 立即預約 or 確認預約', async () => {
    await show({ ...lottery, myBooking: null });
    const button = screen.getByTestId('reserve-button');
    expect(button.textContent).toBe('參加抽籤');
    expect(screen.getByTestId('session-badge').textContent).toBe('抽籤報名中');
    fireEvent.click(button);
    const dialog = await screen.findByTestId('booking-confirm');
    expect(dialog.textContent).toContain('參加抽籤');
    expect(screen.getByRole('button', { name: '確認參加抽籤' })).toBeTruthy();
    expect(dialog.textContent).not.toContain('確認預約');
  });

  it('is first come once drawn: 立即預約 again', async () => {
    const drawn = {
      ...lottery,
      lotteryEntrants: undefined,
      lottery: { ...lottery.lottery!, drawnAt: lottery.lottery!.drawAt },
    };
    await show({ ...drawn, myBooking: null });
    expect(screen.getByTestId('reserve-button').textContent).toBe('立即預約');
  });
});
