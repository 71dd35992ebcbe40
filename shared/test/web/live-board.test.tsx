// @vitest-environment happy-dom

import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RouteContract } from '../../src/schemas/routes.ts';
import { fetchIfChanged, type LiveBoardSource, rotationSocketUrl, useLiveBoard } from '../../src/web/live-board.ts';
import { envelope, failure, stubFetch } from '../../src/web/testing.ts';
import { setUpDom } from './dom-setup.ts';

setUpDom();

interface Board {
  version: number;
  label: string;
}

/** A WebSocket the test drives: open, a message, a drop. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    act(() => this.onopen?.(new Event('open')));
  }
  deliver(message: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
  drop() {
    act(() => this.onclose?.(new Event('close')));
  }
}

const board = (version: number, label = `v${version}`): Board => ({ version, label });
const latestSocket = () => FakeSocket.all.at(-1)!;

function View({ source }: { source: LiveBoardSource<Board> }) {
  const live = useLiveBoard('session-1', source, { pollMs: 20, reconnectMs: 40 });
  return (
    <>
      <output data-testid="board">{live.board?.label ?? 'none'}</output>
      <output data-testid="mode">{live.mode}</output>
      <button type="button" onClick={() => live.accept(board(2, 'answer v2'))}>
        accept
      </button>
    </>
  );
}

function sourceWith(poll: LiveBoardSource<Board>['poll']): LiveBoardSource<Board> {
  return {
    poll,
    socketUrl: () => 'ws://test/ws/rotation?sessionId=session-1&token=t',
    parse: (message) => {
      const m = message as Partial<Board>;
      return typeof m?.version === 'number' && typeof m.label === 'string' ? (m as Board) : null;
    },
  };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('useLiveBoard', () => {
  it('shows the first read, takes newer boards from the socket and ignores older ones', async () => {
    const poll = vi.fn().mockResolvedValue({ board: board(1), etag: '"1"' });
    render(<View source={sourceWith(poll)} />);
    await screen.findByText('v1');
    const socket = latestSocket();
    expect(socket.url).toBe('ws://test/ws/rotation?sessionId=session-1&token=t');
    socket.open();
    expect(screen.getByTestId('mode').textContent).toBe('live');

    socket.deliver(board(3));
    expect(screen.getByTestId('board').textContent).toBe('v3');
    // An older board (a late message, or a change's answer overtaken by the socket) changes nothing.
    socket.deliver(board(2));
    act(() => screen.getByText('accept').click());
    socket.deliver({ not: 'a board' });
    expect(screen.getByTestId('board').textContent).toBe('v3');
    socket.deliver(board(4));
    expect(screen.getByTestId('board').textContent).toBe('v4');
    // While the socket is open there is no polling.
    await new Promise((r) => setTimeout(r, 80));
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('polls with the ETag while the socket is down, and stops once it reconnects', async () => {
    const poll = vi
      .fn<LiveBoardSource<Board>['poll']>()
      .mockResolvedValueOnce({ board: board(1), etag: '"1"' })
      .mockResolvedValueOnce('unchanged')
      .mockResolvedValueOnce({ board: board(5), etag: '"5"' })
      .mockResolvedValue('unchanged');
    render(<View source={sourceWith(poll)} />);
    await screen.findByText('v1');
    latestSocket().open();
    latestSocket().drop();
    expect(screen.getByTestId('mode').textContent).toBe('polling');

    // The first poll sends the ETag it holds and keeps the board on a 304; the next brings v5.
    await screen.findByText('v5');
    expect(poll.mock.calls[1]).toEqual(['"1"']);
    expect(poll.mock.calls[2]).toEqual(['"1"']);

    // A new socket after the reconnect delay; once open, polling stops.
    await waitFor(() => expect(FakeSocket.all.length).toBe(2));
    latestSocket().open();
    expect(screen.getByTestId('mode').textContent).toBe('live');
    await new Promise((r) => setTimeout(r, 30));
    const calls = poll.mock.calls.length;
    await new Promise((r) => setTimeout(r, 80));
    expect(poll.mock.calls.length).toBe(calls);
    // The catch-up read after reconnecting sent the newest ETag.
    expect(poll.mock.calls.at(-1)).toEqual(['"5"']);
  });

  it('polls when there is no WebSocket at all, and closes the socket on unmount', async () => {
    const poll = vi
      .fn<LiveBoardSource<Board>['poll']>()
      .mockResolvedValueOnce({ board: board(1), etag: null })
      .mockResolvedValue({ board: board(2), etag: null });
    const { unmount } = render(<View source={sourceWith(poll)} />);
    await screen.findByText('v1');
    const socket = latestSocket();
    unmount();
    expect(socket.closed).toBe(true);

    vi.stubGlobal('WebSocket', undefined);
    render(<View source={sourceWith(poll)} />);
    await screen.findByText('v2');
    expect(screen.getByTestId('mode').textContent).toBe('polling');
  });
});

describe('fetchIfChanged and the socket URL', () => {
  const contract = {
    method: 'POST',
    auth: 'admin',
    summary: 'board',
    request: z.object({ sessionId: z.string() }),
    response: z.object({ board: z.object({ version: z.number() }) }),
  } satisfies RouteContract;

  it('sends If-None-Match with the token, reads a 304 as unchanged and a 200 with its ETag', async () => {
    const fetch = stubFetch(
      vi
        .fn()
        .mockResolvedValueOnce(new Response(null, { status: 304 }))
        .mockResolvedValueOnce(
          new Response(JSON.stringify(envelope({ board: { version: 7 } })), { headers: { etag: '"7"' } }),
        )
        .mockResolvedValueOnce(new Response(JSON.stringify(failure('ROTATION_NOT_OPEN', 'not open')), { status: 404 })),
    );
    await expect(
      fetchIfChanged(contract, '/api/admin/rotation/getBoard', { sessionId: 's' }, 'tok', '"6"'),
    ).resolves.toBe('unchanged');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/rotation/getBoard');
    expect(init.headers).toMatchObject({ 'if-none-match': '"6"', authorization: 'Bearer tok' });
    expect(JSON.parse(String(init.body))).toEqual({ sessionId: 's' });

    await expect(fetchIfChanged(contract, '/x', { sessionId: 's' }, 'tok', null)).resolves.toEqual({
      data: { board: { version: 7 } },
      etag: '"7"',
    });
    expect((fetch.mock.calls[1] as [string, RequestInit])[1].headers).not.toHaveProperty('if-none-match');
    await expect(fetchIfChanged(contract, '/x', { sessionId: 's' }, 'tok', null)).rejects.toMatchObject({
      code: 'ROTATION_NOT_OPEN',
      status: 404,
    });
  });

  it('puts the socket on the API origin, ws or wss as the page', () => {
    expect(rotationSocketUrl('/api/admin', 's-1', 'a b')).toBe(
      `ws://${window.location.host}/ws/rotation?sessionId=s-1&token=a+b`,
    );
    expect(rotationSocketUrl('https://api.shuttle.tw/api', 's-1', 't')).toBe(
      'wss://api.shuttle.tw/ws/rotation?sessionId=s-1&token=t',
    );
  });
});
