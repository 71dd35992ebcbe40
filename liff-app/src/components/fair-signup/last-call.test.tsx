import type { MemberProfile } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { clearLogin, setLogin } from '@/lib/auth';
import { LastCallPlace } from './last-call';

/** Last call in the member app (docs/FAIR-SIGNUP.md): an open place and its take-it button, in zh-TW. */

const waiting = (partySize = 1) => ({
  status: 'waiting' as const,
  position: 2,
  partySize,
  canCancel: true,
  attendance: null,
  bookedAt: '2026-12-01T02:00:00.000Z',
});

let fetchMock: ReturnType<typeof vi.fn>;
const answer = (body: Record<string, unknown>, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify({ message: 'x', timestamp: new Date().toISOString(), ...body }), { status }),
  );
beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
  fetchMock = vi.fn(() => answer({ success: true, data: { sessionId: 's1', status: 'accepted' } }));
  vi.stubGlobal('fetch', fetchMock);
  setLogin('member-token', {} as MemberProfile);
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeQueries();
  clearLogin();
});

describe('a last-call place', () => {
  it('shows a waiting player the open place and takes it through checkState/booked/acceptOffer', async () => {
    render(<LastCallPlace session={{ id: 's1', status: 'open', lastCallSeats: 1, myBooking: waiting() }} />);
    expect(screen.getByTestId('last-call').textContent).toContain('名額釋出：先搶先得');
    fireEvent.click(screen.getByTestId('take-last-call'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('checkState/booked/acceptOffer');
    expect(JSON.parse(String(init.body))).toEqual({ sessionId: 's1' });
  });

  it('tells a party the open seats are too few, without a button', () => {
    render(<LastCallPlace session={{ id: 's1', status: 'open', lastCallSeats: 1, myBooking: waiting(2) }} />);
    expect(screen.getByTestId('last-call').textContent).toContain('2 人');
    expect(screen.queryByTestId('take-last-call')).toBeNull();
  });

  it('shows nothing without an open place, or to a player who is not waiting', () => {
    const { container, rerender } = render(
      <LastCallPlace session={{ id: 's1', status: 'open', myBooking: waiting() }} />,
    );
    expect(container.textContent).toBe('');
    rerender(
      <LastCallPlace
        session={{ id: 's1', status: 'open', lastCallSeats: 1, myBooking: { ...waiting(), status: 'accepted' } }}
      />,
    );
    expect(container.textContent).toBe('');
  });
});
