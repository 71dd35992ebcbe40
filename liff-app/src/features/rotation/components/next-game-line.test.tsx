import type { RotationBoard, RotationGame } from '@shuttle/shared';
import { envelope, failure, stubFetch } from '@shuttle/shared/web/testing.ts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { authStore, clearLogin } from '@/lib/auth';
import { NextGameLine } from './next-game-line';

/** 你下一場在 2 號場 / 你正在 2 號場 (issue 21), from `checkState/rotation/getBoard` and the board socket. */

class FakeSocket {
  static last: FakeSocket | null = null;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {}
}

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: '', devLogin: false });
  authStore.set({ token: 'member-token', profile: null, status: 'authenticated' });
  FakeSocket.last = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  clearLogin();
  vi.unstubAllGlobals();
});

const p = (n: number) => ({ playerId: `p_${n}`, name: `球友${n}` });
const game = (court: number, ids: number[]): RotationGame => ({
  court,
  teams: [
    [p(ids[0]!), p(ids[1]!)],
    [p(ids[2]!), p(ids[3]!)],
  ],
});

function board(version: number, courts: RotationBoard['courts'], next: RotationBoard['next']): RotationBoard {
  return {
    sessionId: 'session-1',
    version,
    mode: 'doubles',
    rule: 'balanced',
    scoring: 21,
    courts,
    players: [],
    next,
    helperPlayerId: null,
    updatedAt: '2026-12-03T11:30:00.000Z',
  };
}

const answer = (b: RotationBoard, me: string | null) => new Response(JSON.stringify(envelope({ board: b, me })));

describe('NextGameLine', () => {
  it('says the court of the player’s next game, then, live, the court they are on', async () => {
    const fetch = stubFetch(
      vi.fn(() =>
        Promise.resolve(
          answer(
            board(
              4,
              [
                { court: 1, game: game(1, [1, 2, 3, 4]) },
                { court: 2, game: null },
              ],
              [{ ...game(2, [5, 6, 7, 8]), court: 2 }],
            ),
            'p_7',
          ),
        ),
      ),
    );
    render(<NextGameLine sessionId="session-1" />);
    expect((await screen.findByTestId('next-game-line')).textContent).toBe('你下一場在 2 號場');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checkState/rotation/getBoard');
    expect(JSON.parse(String(init.body))).toEqual({ sessionId: 'session-1' });
    expect(FakeSocket.last!.url).toBe(
      `ws://${window.location.host}/ws/rotation?sessionId=session-1&token=member-token`,
    );

    // The board socket says the game started: the line follows without another read.
    const started = board(
      5,
      [
        { court: 1, game: game(1, [1, 2, 3, 4]) },
        { court: 2, game: game(2, [5, 6, 7, 8]) },
      ],
      [],
    );
    act(() => FakeSocket.last!.onopen?.(new Event('open')));
    act(() => FakeSocket.last!.onmessage?.(new MessageEvent('message', { data: JSON.stringify(started) })));
    expect(screen.getByTestId('next-game-line').textContent).toBe('你正在 2 號場');

    // The game ended and the player is in no coming game: the line goes.
    const ended = board(
      6,
      [
        { court: 1, game: game(1, [1, 2, 3, 4]) },
        { court: 2, game: null },
      ],
      [],
    );
    act(() => FakeSocket.last!.onmessage?.(new MessageEvent('message', { data: JSON.stringify(ended) })));
    expect(screen.queryByTestId('next-game-line')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('names the first free court for a coming game without one, and shows nothing without a board', async () => {
    stubFetch(
      vi.fn(() =>
        Promise.resolve(
          answer(
            board(1, [{ court: 3, game: game(3, [1, 2, 3, 4]) }], [{ ...game(3, [5, 6, 7, 8]), court: null }]),
            'p_5',
          ),
        ),
      ),
    );
    const { unmount } = render(<NextGameLine sessionId="session-1" />);
    expect((await screen.findByTestId('next-game-line')).textContent).toBe('你下一場：先空出的場');
    unmount();

    stubFetch(
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify(failure('ROTATION_NOT_OPEN', 'not open')), { status: 404 })),
      ),
    );
    const { container } = render(<NextGameLine sessionId="session-2" />);
    await new Promise((r) => setTimeout(r, 30));
    expect(container.textContent).toBe('');
  });

  it('lets a player on the board ask for one LINE push when they come up next, and says when saving fails', async () => {
    const waiting = board(2, [{ court: 1, game: game(1, [1, 2, 3, 4]) }], []);
    let refuse = false;
    const fetch = stubFetch(
      vi.fn((url: string, init?: RequestInit) => {
        if (url.endsWith('/checkState/rotation/notifyMe')) {
          if (refuse)
            return Promise.resolve(new Response(JSON.stringify(failure('INTERNAL', 'down')), { status: 500 }));
          const { on } = JSON.parse(String(init?.body)) as { on: boolean };
          return Promise.resolve(
            new Response(JSON.stringify(envelope({ board: { ...waiting, version: 3 }, me: 'p_9', notifyMe: on }))),
          );
        }
        return Promise.resolve(new Response(JSON.stringify(envelope({ board: waiting, me: 'p_9', notifyMe: false }))));
      }),
    );
    render(<NextGameLine sessionId="session-1" />);
    const toggle = await screen.findByRole('switch', { name: '輪到我時 LINE 通知我' });
    // Not up yet: no line, only the opt-in, off.
    expect(screen.queryByTestId('next-game-line')).toBeNull();
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    await act(async () => toggle.click());
    await waitFor(() => expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true'));
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/notifyMe')) as unknown as [
      string,
      RequestInit,
    ];
    expect(call[0]).toBe('/api/checkState/rotation/notifyMe');
    expect(JSON.parse(String(call[1].body))).toEqual({ sessionId: 'session-1', on: true });

    // A refused save leaves the switch as it was and says so.
    refuse = true;
    await act(async () => screen.getByRole('switch').click());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('沒有存好，請再試一次'));
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
  });

  it('shows no opt-in to a session player who is not on the board', async () => {
    stubFetch(vi.fn(() => Promise.resolve(answer(board(1, [{ court: 1, game: game(1, [1, 2, 3, 4]) }], []), null))));
    const { container } = render(<NextGameLine sessionId="session-1" />);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('switch')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
