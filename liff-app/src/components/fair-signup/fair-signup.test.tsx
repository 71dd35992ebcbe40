import type { MemberProfile } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { isCancellable } from '@/features/booked/model/cancellable';
import { clearLogin, setLogin } from '@/lib/auth';
import { GuestPicker, LotteryNotice, MyBookingFairLine, memberMayJoinEarly, useBookingLabels } from './fair-signup';

/** The fair sign-up pieces of the member app (docs/FAIR-SIGNUP.md), in zh-TW. */

const booking = (over: Record<string, unknown>) => ({
  status: 'accepted',
  position: null,
  partySize: 1,
  canCancel: true,
  attendance: null,
  bookedAt: '2026-12-01T02:00:00.000Z',
  ...over,
});
const lottery = {
  drawAt: '2026-12-01T04:10:00.000Z',
  seedHash: 'a'.repeat(64),
  seed: null,
  drawnAt: null,
  entries: [],
  order: [],
  entryCount: 3,
  myTicket: '0123456789abcdef',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          success: true,
          message: 'OK',
          timestamp: new Date().toISOString(),
          data: { sessionId: 's1', status: 'accepted' },
        }),
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  setLogin('member-token', {} as MemberProfile);
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeQueries();
  clearLogin();
});

describe('the opening lottery', () => {
  it('says when the draw is before it, and shows the seed and the player place after', () => {
    const { rerender } = render(<LotteryNotice session={{ id: 's1', status: 'open', lottery }} />);
    // 04:10 UTC is 12:10 in Taipei; the draw's day is said too (issue 22), with the entries so far.
    expect(screen.getByTestId('lottery').textContent).toContain('抽籤中，12月1日 12:10 開獎');
    expect(screen.getByTestId('lottery-entries').textContent).toBe('已有 3 筆抽籤登記');
    expect(screen.queryByText('種子')).toBeNull();
    const drawn = {
      ...lottery,
      seed: 'b'.repeat(64),
      drawnAt: '2026-12-01T04:10:02.000Z',
      order: ['ffff', lottery.myTicket],
    };
    rerender(<LotteryNotice session={{ id: 's1', status: 'open', lottery: drawn }} />);
    const text = screen.getByTestId('lottery').textContent ?? '';
    expect(text).toContain('已於');
    expect(text).toContain('b'.repeat(64));
    expect(text).toContain('抽中順位 2 / 2');
  });

  it('tells an entrant when the draw is', () => {
    render(
      <MyBookingFairLine
        session={{ id: 's1', status: 'open', lottery, myBooking: booking({ status: 'entered' }) as never }}
      />,
    );
    expect(screen.getByText('12月1日 12:10 開獎，結果會通知你。')).toBeTruthy();
  });
});

describe('a held waitlist offer', () => {
  it('shows until when and accepts through checkState/booked/acceptOffer', async () => {
    const myBooking = booking({ status: 'offered', offerExpiresAt: '2026-12-01T10:30:00.000Z' });
    render(<MyBookingFairLine session={{ id: 's1', status: 'open', myBooking: myBooking as never }} />);
    expect(screen.getByTestId('offer').textContent).toContain('18:30');
    // The hold rule (docs/FAIR-SIGNUP.md, "Quiet hours and shorter holds") is shown with the offer.
    expect(screen.getByTestId('offer-rule').textContent).toContain('60');
    expect(screen.getByTestId('offer-rule').textContent).toContain('15');
    fireEvent.click(screen.getByTestId('accept-offer'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('checkState/booked/acceptOffer');
    expect(JSON.parse(String(init.body))).toEqual({ sessionId: 's1' });
  });
});

describe('the cancellation deadline and leaving a waitlist', () => {
  it('shows the deadline of an accepted place', () => {
    const myBooking = booking({ cancelDeadline: '2026-12-03T09:00:00.000Z' });
    render(<MyBookingFairLine session={{ id: 's1', status: 'open', myBooking: myBooking as never }} />);
    expect(screen.getByTestId('cancel-deadline').textContent).toContain('17:00');
  });

  it('lets a waiting player leave whenever the server allows it, even when starting soon', () => {
    const waiting = {
      status: 'open' as const,
      startingSoon: true,
      myBooking: booking({ status: 'waiting', position: 2 }),
    };
    expect(isCancellable(waiting as never)).toBe(true);
    const accepted = { status: 'open' as const, startingSoon: true, myBooking: booking({}) };
    expect(isCancellable(accepted as never)).toBe(false);
  });
});

describe('guests', () => {
  function Picker() {
    const [party, setParty] = useState(1);
    return (
      <>
        <GuestPicker value={party} onChange={setParty} />
        <output data-testid="party">{party}</output>
      </>
    );
  }
  it('picks a party of 1-3 and says how many places it takes', () => {
    render(<Picker />);
    fireEvent.click(screen.getByTestId('party-3'));
    expect(screen.getByTestId('party').textContent).toBe('3');
    expect(screen.getByTestId('party-3').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('連同你共佔 3 個名額')).toBeTruthy();
  });
});

describe('the member priority window', () => {
  it('lets a member reserve from memberSignupOpensAt, nobody else and not before', () => {
    const at = Date.parse('2026-12-01T02:00:00.000Z');
    const session = (membership: string) => ({ memberSignupOpensAt: '2026-12-01T01:00:00.000Z', team: { membership } });
    expect(memberMayJoinEarly(session('member'), at)).toBe(true);
    expect(memberMayJoinEarly(session('none'), at)).toBe(false);
    expect(memberMayJoinEarly(session('pending'), at)).toBe(false);
    expect(memberMayJoinEarly(session('member'), at - 2 * 3_600_000)).toBe(false);
    expect(memberMayJoinEarly({ memberSignupOpensAt: null, team: { membership: 'member' } }, at)).toBe(false);
  });
});

describe('booking labels', () => {
  function Badge({ over }: { over: Record<string, unknown> }) {
    return <span data-testid="badge">{useBookingLabels().badge(booking(over) as never)}</span>;
  }
  it('names every status and shows guests as +1 / +2', () => {
    const { rerender } = render(<Badge over={{ partySize: 2 }} />);
    expect(screen.getByTestId('badge').textContent).toBe('已預約 +1');
    rerender(<Badge over={{ status: 'entered', partySize: 3 }} />);
    expect(screen.getByTestId('badge').textContent).toBe('抽籤中 +2');
    rerender(<Badge over={{ status: 'offered' }} />);
    expect(screen.getByTestId('badge').textContent).toBe('名額保留中');
  });
});
