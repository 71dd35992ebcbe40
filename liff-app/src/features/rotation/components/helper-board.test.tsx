import type { RotationBoard, RotationGame } from '@shuttle/shared';
import { envelope, failure, stubFetch } from '@shuttle/shared/web/testing.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { authStore, clearLogin } from '@/lib/auth';
import { NextGameLine } from './next-game-line';

/** 小幫手 in the member app (docs/ON-COURT.md, "Rotation"): the helper runs the courts naming players by board id. */

class SilentSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  close() {}
}

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: '', devLogin: false });
  authStore.set({ token: 'member-token', profile: null, status: 'authenticated' });
  vi.stubGlobal('WebSocket', SilentSocket);
});
afterEach(() => {
  clearLogin();
  vi.unstubAllGlobals();
});

const ref = (n: number) => ({ playerId: `p_${n}`, name: `球友${n}` });
const game = (court: number, ids: number[]): RotationGame => ({
  court,
  teams: [
    [ref(ids[0]!), ref(ids[1]!)],
    [ref(ids[2]!), ref(ids[3]!)],
  ],
});

function board(version: number, onCourt: boolean): RotationBoard {
  return {
    sessionId: 'session-1',
    version,
    mode: 'doubles',
    rule: 'balanced',
    scoring: 21,
    courts: [
      { court: 1, game: onCourt ? game(1, [1, 2, 3, 4]) : null },
      { court: 2, game: null },
    ],
    players: [1, 2, 3, 4, 5, 6].map((n) => ({
      ...ref(n),
      state: n === 6 ? ('resting' as const) : ('ready' as const),
      gamesPlayed: onCourt && n <= 4 ? 1 : 0,
      court: onCourt && n <= 4 ? 1 : null,
      queuePosition: n === 5 ? 1 : !onCourt && n <= 4 ? n + 1 : null,
      lockedWith: null,
    })),
    next: [{ ...game(2, [5, 1, 2, 3]), court: 2 }],
    helperPlayerId: 'p_9',
    updatedAt: '2026-12-03T11:30:00.000Z',
  };
}

describe('HelperBoard', () => {
  it('shows the helper the courts and queue, and acts by board id', async () => {
    const bodies: { path: string; body: unknown }[] = [];
    let refuse = false;
    stubFetch(
      vi.fn((url: string, init?: RequestInit) => {
        const path = url.replace('/api/', '');
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        if (path !== 'checkState/rotation/getBoard') bodies.push({ path, body });
        if (refuse) {
          return Promise.resolve(new Response(JSON.stringify(failure('COURT_BUSY', 'busy')), { status: 409 }));
        }
        if (path === 'checkState/rotation/startNext') {
          return Promise.resolve(
            new Response(JSON.stringify(envelope({ game: game(1, [1, 2, 3, 4]), board: board(2, true) }))),
          );
        }
        if (path === 'checkState/rotation/setPlayer') {
          return Promise.resolve(new Response(JSON.stringify(envelope({ board: board(3, true) }))));
        }
        // The helper holds a booking but is not checked in: not on the board (`me` null).
        return Promise.resolve(
          new Response(JSON.stringify(envelope({ board: board(1, false), me: null, notifyMe: false, helper: true }))),
        );
      }),
    );
    render(<NextGameLine sessionId="session-1" />);
    const panel = await screen.findByTestId('helper-board');
    expect(within(panel).getByRole('heading', { name: '小幫手：排點' })).toBeTruthy();
    // Not on the board: no line of their own, no opt-in.
    expect(screen.queryByRole('switch')).toBeNull();
    const courts = within(panel).getAllByTestId('helper-court');
    expect(courts.map((c) => c.textContent)).toEqual([
      expect.stringContaining('空場'),
      expect.stringContaining('空場'),
    ]);

    await act(async () => within(courts[0]!).getByTestId('helper-start').click());
    await waitFor(() =>
      expect(within(screen.getAllByTestId('helper-court')[0]!).getByTestId('helper-finish')).toBeTruthy(),
    );
    expect(bodies).toEqual([{ path: 'checkState/rotation/startNext', body: { sessionId: 'session-1', court: 1 } }]);

    // The queue: waiting first; a tap lets a player rest, named by board id.
    const rows = within(screen.getByTestId('helper-board')).getAllByTestId('helper-player');
    expect(rows[0]!.dataset.playerId).toBe('p_5');
    await act(async () => within(rows[0]!).getByRole('button', { name: '讓 球友5 休息' }).click());
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        path: 'checkState/rotation/setPlayer',
        body: { sessionId: 'session-1', playerId: 'p_5', state: 'resting' },
      }),
    );
    // A player resting comes back the same way.
    const resting = within(screen.getByTestId('helper-board'))
      .getAllByTestId('helper-player')
      .find((r) => r.dataset.playerId === 'p_6')!;
    expect(within(resting).getByRole('button', { name: '讓 球友6 回來排隊' })).toBeTruthy();

    // A refused change says so (and reads the board again).
    refuse = true;
    await act(async () => within(screen.getAllByTestId('helper-court')[1]!).getByTestId('helper-start').click());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('沒有成功（可能有人剛改過），已重新讀取'));
  });

  it('shows nothing of it to a player who is not the helper', async () => {
    stubFetch(
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify(envelope({ board: board(1, true), me: 'p_1', notifyMe: false, helper: false }))),
        ),
      ),
    );
    render(<NextGameLine sessionId="session-1" />);
    expect((await screen.findByTestId('next-game-line')).textContent).toBe('你正在 1 號場');
    expect(screen.queryByTestId('helper-board')).toBeNull();
  });
});
