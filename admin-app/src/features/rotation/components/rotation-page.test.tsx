import type { AdminSession, RotationAdminBoard, RotationGame } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, failure, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { RotationPage } from './rotation-page';

/** The rotation board (issue 21): courts, the coming games, the queue, and the calls it makes. */

/** A socket that never opens: the page reads and polls, as when the socket is down. */
class SilentSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  close() {}
}

beforeEach(() => {
  authStore.set({ token: 'admin-token', profile, status: 'authenticated' });
  vi.stubGlobal('WebSocket', SilentSocket);
});
afterEach(() => {
  clearLogin();
  removeQueries();
  vi.unstubAllGlobals();
});

const session: AdminSession = {
  id: 'session-1',
  teamId: 'team-1',
  teamName: '大安羽球同好會',
  title: '週三夜打',
  venue: '大安運動中心',
  address: '',
  region: '台北市',
  categories: ['casual'],
  courts: 3,
  capacity: 16,
  price: 250,
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
  signupOpensAt: '2026-12-01T02:00:00.000Z',
  isPublic: true,
  bookingClosed: true,
  acceptedCount: 9,
  waitingCount: 0,
  remaining: 7,
  status: 'inProgress',
  startingSoon: false,
  notes: '',
  lineLink: '',
  cancelWindowMinutes: 120,
  fillRate: 56,
};

/** Games show board ids (`p<n>`); the admin's player list adds user ids (`u<n>`), which the admin calls take. */
const ref = (n: number) => ({
  playerId: `p${n}`,
  name: ['王小明', '李大華', '陳小美', '林志明', '張一', '黃二', '吳三', '周四', '鄭五'][n - 1]!,
});
const game = (court: number, ids: number[]): RotationGame => ({
  court,
  teams: [
    [ref(ids[0]!), ref(ids[1]!)],
    [ref(ids[2]!), ref(ids[3]!)],
  ],
});

function boardV1(): RotationAdminBoard {
  return {
    sessionId: 'session-1',
    version: 1,
    mode: 'doubles',
    rule: 'balanced',
    scoring: 21,
    courts: [
      { court: 1, game: game(1, [1, 2, 3, 4]) },
      { court: 2, game: null },
    ],
    players: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
      ...ref(n),
      userId: `u${n}`,
      state: n === 9 ? ('resting' as const) : ('ready' as const),
      gamesPlayed: n <= 4 ? 3 : 2,
      court: n <= 4 ? 1 : null,
      queuePosition: n >= 5 && n <= 8 ? n - 4 : null,
      lockedWith: null,
      rating: null,
    })),
    next: [{ ...game(2, [5, 6, 7, 8]), court: 2 }],
    helperUserId: null,
    helperPlayerId: null,
    updatedAt: '2026-12-03T11:30:00.000Z',
    screenToken: 'screen-token-0123456789abcdef0123456789',
    log: [],
  };
}

/** Answers by path from a table the test may change; records each call's body. */
function api(table: Record<string, () => { status?: number; body: unknown }>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = stubFetch(
    vi.fn((url: string, init?: RequestInit) => {
      const path = Object.keys(table).find((p) => url.split('?')[0]!.endsWith(p));
      calls.push({ path: path ?? url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = path ? table[path]!() : { status: 404, body: failure('NOT_FOUND', 'Not found') };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 }));
    }),
  );
  return { fetch, calls, bodiesOf: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body) };
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <RotationPage sessionId="session-1" />
    </MemoryRouter>,
  );

describe('the rotation board', () => {
  it('shows the courts, the coming game and the queue with states and games played', async () => {
    api({
      'courtSession/signedMembers': () => ({
        body: envelope({ session, players: [], waiting: [], counts: { attended: 9, absent: 0, unmarked: 0 } }),
      }),
      'rotation/getBoard': () => ({ body: envelope({ board: boardV1() }) }),
    });
    renderPage();
    const tiles = await screen.findAllByTestId('court-tile');
    expect(tiles.map((t) => t.dataset.court)).toEqual(['1', '2']);
    expect(tiles[0]!.textContent).toContain('王小明');
    expect(tiles[0]!.textContent).toContain('林志明');
    expect(within(tiles[0]!).getByTestId('finish-game')).toBeTruthy();
    expect(tiles[1]!.textContent).toContain('空場');
    expect(within(tiles[1]!).getByTestId('start-next').hasAttribute('disabled')).toBe(false);

    const next = screen.getByTestId('next-game');
    expect(next.textContent).toContain('2 號場');
    expect(next.textContent).toContain('張一');
    expect(next.textContent).toContain('周四');

    const players = screen.getAllByTestId('queue-player');
    // Queued players first (in queue order), then those on court, then resting.
    expect(players.map((p) => p.dataset.userId)).toEqual(['u5', 'u6', 'u7', 'u8', 'u1', 'u2', 'u3', 'u4', 'u9']);
    expect(players[0]!.textContent).toContain('第 1 位');
    expect(players[0]!.textContent).toContain('2 場');
    expect(players[4]!.textContent).toContain('在 1 號場');
    expect(players[8]!.textContent).toContain('休息中');
    expect(screen.getByTestId('screen-link').getAttribute('href')).toContain(
      '/screen/rotation?id=session-1&token=screen-token-0123456789abcdef0123456789',
    );
    expect(screen.getByTestId('start-next-bar').textContent).toBe('2 號場開始下一場');
  });

  it('starts the next game on a free court and shows the board the call answers with', async () => {
    const after: RotationAdminBoard = {
      ...boardV1(),
      version: 2,
      courts: [
        { court: 1, game: game(1, [1, 2, 3, 4]) },
        { court: 2, game: game(2, [5, 6, 7, 8]) },
      ],
      next: [],
    };
    const { bodiesOf } = api({
      'courtSession/signedMembers': () => ({
        body: envelope({ session, players: [], waiting: [], counts: { attended: 9, absent: 0, unmarked: 0 } }),
      }),
      'rotation/getBoard': () => ({ body: envelope({ board: boardV1() }) }),
      'rotation/startNext': () => ({ body: envelope({ game: after.courts[1]!.game, board: after }) }),
    });
    renderPage();
    const tiles = await screen.findAllByTestId('court-tile');
    fireEvent.click(within(tiles[1]!).getByTestId('start-next'));
    await waitFor(() => expect(bodiesOf('rotation/startNext')).toEqual([{ sessionId: 'session-1', court: 2 }]));
    await waitFor(() => expect(screen.getAllByTestId('court-tile')[1]!.textContent).toContain('張一'));
    expect(screen.getByText('排隊人數不足，還排不出下一場')).toBeTruthy();
    expect(screen.queryByTestId('start-next-bar')).toBeNull();
  });

  it('sets a tapped player resting, and finishes a game with a score', async () => {
    let board = boardV1();
    const { bodiesOf } = api({
      'courtSession/signedMembers': () => ({
        body: envelope({ session, players: [], waiting: [], counts: { attended: 9, absent: 0, unmarked: 0 } }),
      }),
      'rotation/getBoard': () => ({ body: envelope({ board }) }),
      'rotation/setPlayer': () => {
        board = {
          ...board,
          version: board.version + 1,
          players: board.players.map((p) => (p.userId === 'u5' ? { ...p, state: 'resting', queuePosition: null } : p)),
        };
        return { body: envelope({ board }) };
      },
      'rotation/finish': () => {
        board = { ...board, version: board.version + 1, courts: [{ court: 1, game: null }, board.courts[1]!] };
        return { body: envelope({ board }) };
      },
    });
    renderPage();
    fireEvent.click((await screen.findAllByTestId('queue-player'))[0]!);
    const sheet = await screen.findByTestId('player-sheet');
    expect(within(sheet).getByTestId('set-ready').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(sheet).getByTestId('set-resting'));
    await waitFor(() =>
      expect(bodiesOf('rotation/setPlayer')).toEqual([{ sessionId: 'session-1', userId: 'u5', state: 'resting' }]),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('queue-player').find((p) => p.dataset.userId === 'u5')!.dataset.state).toBe(
        'resting',
      ),
    );

    fireEvent.click(within(screen.getAllByTestId('court-tile')[0]!).getByTestId('finish-game'));
    const dialog = await screen.findByTestId('finish-dialog');
    // The list offers only final scores of a game to 21: 21-0 … 21-19, 22-20 … 30-28, 30-29.
    const options = [...within(dialog).getByTestId('score-pick').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toHaveLength(1 + 20 + 9 + 1);
    expect(options).toContain('21–19');
    expect(options).toContain('30–29');
    expect(options).not.toContain('21–20');
    expect(options).not.toContain('31–29');
    const pick = [...within(dialog).getByTestId('score-pick').querySelectorAll('option')].find(
      (o) => o.textContent === '21–17',
    )!;
    fireEvent.change(within(dialog).getByTestId('score-pick'), { target: { value: pick.value } });
    // The second side won 21-17: the score is sent in the order of the teams.
    fireEvent.click(within(dialog).getByTestId('winner-1'));
    await waitFor(() =>
      expect(bodiesOf('rotation/finish')).toEqual([{ sessionId: 'session-1', court: 1, winner: 1, score: [17, 21] }]),
    );
    await waitFor(() => expect(screen.getAllByTestId('court-tile')[0]!.textContent).toContain('空場'));
  });

  it('offers the setup when the board is not open, with the session courts, and opens it', async () => {
    let open = false;
    const { bodiesOf } = api({
      'courtSession/signedMembers': () => ({
        body: envelope({ session, players: [], waiting: [], counts: { attended: 9, absent: 0, unmarked: 0 } }),
      }),
      'rotation/getBoard': () =>
        open
          ? { body: envelope({ board: boardV1() }) }
          : { status: 404, body: failure('ROTATION_NOT_OPEN', 'not open') },
      'rotation/setup': () => {
        open = true;
        return { body: envelope({ board: { ...boardV1(), rule: 'winnerStays' } }) };
      },
    });
    renderPage();
    await screen.findByTestId('rotation-setup');
    for (const court of [1, 2, 3])
      expect(screen.getByTestId(`court-choice-${court}`).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('court-choice-4').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('court-choice-3'));
    fireEvent.click(screen.getByTestId('rule-winnerStays'));
    fireEvent.click(screen.getByTestId('rotation-setup-submit'));
    await waitFor(() =>
      expect(bodiesOf('rotation/setup')).toEqual([
        { sessionId: 'session-1', courts: [1, 2], mode: 'doubles', rule: 'winnerStays' },
      ]),
    );
    expect((await screen.findAllByTestId('court-tile')).length).toBe(2);
  });
});

describe('the board controls (issue 21)', () => {
  const signed = () => ({
    body: envelope({ session, players: [], waiting: [], counts: { attended: 9, absent: 0, unmarked: 0 } }),
  });
  /** Answers every change with the board one version on (the page shows what the call answers). */
  const changed = (board: () => RotationAdminBoard) => () => ({ body: envelope({ board: board() }) });

  it('moves a player up, fixes a pair from the queue, releases it, and names the helper', async () => {
    let board = boardV1();
    const bump = (patch: Partial<RotationAdminBoard>) => {
      board = { ...board, ...patch, version: board.version + 1 };
      return board;
    };
    const { bodiesOf } = api({
      'courtSession/signedMembers': signed,
      'rotation/getBoard': () => ({ body: envelope({ board }) }),
      'rotation/moveUp': changed(() => bump({})),
      'rotation/lockPair': changed(() =>
        bump({
          players: board.players.map((p) =>
            p.userId === 'u7' ? { ...p, lockedWith: 'p8' } : p.userId === 'u8' ? { ...p, lockedWith: 'p7' } : p,
          ),
        }),
      ),
      'rotation/setHelper': changed(() => bump({ helperUserId: 'u6', helperPlayerId: 'p6' })),
    });
    renderPage();
    const playerButton = async (userId: string) =>
      (await screen.findAllByTestId('queue-player')).find((p) => p.dataset.userId === userId)!;

    // 往前移 only for a queued player behind the first.
    fireEvent.click(await playerButton('u5'));
    expect(within(await screen.findByTestId('player-sheet')).queryByTestId('move-up')).toBeNull();
    fireEvent.click(within(screen.getByTestId('player-sheet')).getAllByRole('button', { name: '關閉' })[0]!);
    await waitFor(() => expect(screen.queryByTestId('player-sheet')).toBeNull());
    fireEvent.click(await playerButton('u7'));
    fireEvent.click(within(await screen.findByTestId('player-sheet')).getByTestId('move-up'));
    await waitFor(() => expect(bodiesOf('rotation/moveUp')).toEqual([{ sessionId: 'session-1', userId: 'u7' }]));

    // 固定搭檔: pick the partner among the other players present (not the player, not gone).
    await waitFor(() => expect(screen.queryByTestId('player-sheet')).toBeNull());
    fireEvent.click(await playerButton('u7'));
    fireEvent.click(within(await screen.findByTestId('player-sheet')).getByTestId('lock-pair'));
    const choices = within(await screen.findByTestId('pair-choices')).getAllByTestId('pair-with');
    expect(choices.map((c) => c.dataset.userId)).not.toContain('u7');
    expect(choices.map((c) => c.dataset.userId)).toContain('u9');
    fireEvent.click(choices.find((c) => c.dataset.userId === 'u8')!);
    await waitFor(() =>
      expect(bodiesOf('rotation/lockPair')).toEqual([{ sessionId: 'session-1', userId: 'u7', partnerUserId: 'u8' }]),
    );
    await waitFor(async () => expect((await playerButton('u7')).textContent).toContain('與 周四 搭檔'));

    // Release: the sheet of a paired player offers 解除 instead of 固定搭檔.
    fireEvent.click(await playerButton('u7'));
    const sheet = await screen.findByTestId('player-sheet');
    expect(within(sheet).queryByTestId('lock-pair')).toBeNull();
    expect(within(sheet).getByTestId('release-pair').textContent).toBe('解除與 周四 的搭檔');
    fireEvent.click(within(sheet).getByTestId('release-pair'));
    await waitFor(() =>
      expect(bodiesOf('rotation/lockPair')[1]).toEqual({ sessionId: 'session-1', userId: 'u7', partnerUserId: null }),
    );

    // 設為小幫手, then the helper's sheet offers to remove them.
    await waitFor(() => expect(screen.queryByTestId('player-sheet')).toBeNull());
    fireEvent.click(await playerButton('u6'));
    fireEvent.click(within(await screen.findByTestId('player-sheet')).getByTestId('set-helper'));
    await waitFor(() => expect(bodiesOf('rotation/setHelper')).toEqual([{ sessionId: 'session-1', userId: 'u6' }]));
    await waitFor(() => expect(within(screen.getByTestId('rotation')).getByTestId('helper-mark')).toBeTruthy());
    fireEvent.click(await playerButton('u6'));
    expect(within(await screen.findByTestId('player-sheet')).getByTestId('remove-helper')).toBeTruthy();
  });

  it('swaps a queued player into a coming game', async () => {
    const withTwo: RotationAdminBoard = {
      ...boardV1(),
      players: boardV1().players.map((p) => (p.userId === 'u9' ? { ...p, state: 'ready', queuePosition: 5 } : p)),
    };
    const { bodiesOf } = api({
      'courtSession/signedMembers': signed,
      'rotation/getBoard': () => ({ body: envelope({ board: withTwo }) }),
      'rotation/swapNext': changed(() => ({
        ...withTwo,
        version: 2,
        next: [{ ...game(2, [5, 6, 7, 9]), court: 2 }],
      })),
    });
    renderPage();
    const next = await screen.findByTestId('next-game');
    const out = within(next)
      .getAllByTestId('next-player')
      .find((p) => p.dataset.playerId === 'p8')!;
    fireEvent.click(out);
    const sheet = await screen.findByTestId('swap-sheet');
    // Only queued players outside that game.
    expect(
      within(sheet)
        .getAllByTestId('swap-in')
        .map((b) => b.dataset.userId),
    ).toEqual(['u9']);
    fireEvent.click(within(sheet).getByTestId('swap-in'));
    await waitFor(() =>
      expect(bodiesOf('rotation/swapNext')).toEqual([
        { sessionId: 'session-1', nextIndex: 0, outUserId: 'u8', inUserId: 'u9' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('next-game').textContent).toContain('鄭五'));
  });

  it('resets the screen link after a confirmation and downloads the CSV log', async () => {
    const rotated = { ...boardV1(), version: 2, screenToken: 'new-token-0123456789abcdef0123456789ab' };
    const { bodiesOf } = api({
      'courtSession/signedMembers': signed,
      'rotation/getBoard': () => ({ body: envelope({ board: boardV1() }) }),
      'rotation/rotateScreenToken': changed(() => rotated),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('rotate-screen-token'));
    const dialog = await screen.findByTestId('rotate-screen-dialog');
    expect(bodiesOf('rotation/rotateScreenToken')).toEqual([]);
    fireEvent.click(within(dialog).getByText('重設連結'));
    await waitFor(() => expect(bodiesOf('rotation/rotateScreenToken')).toEqual([{ sessionId: 'session-1' }]));
    await waitFor(() => expect(screen.getByTestId('screen-link').getAttribute('href')).toContain(rotated.screenToken));

    // The CSV comes through the API client's file call, and is saved under the session's name.
    const saved: string[] = [];
    const csv = '\uFEFFgame,court\n1,1\n';
    stubFetch(
      vi.fn((url: string, init?: RequestInit) => {
        expect(url).toContain('rotation/exportCsv');
        expect(JSON.parse(String(init?.body))).toEqual({ sessionId: 'session-1' });
        return Promise.resolve(new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }));
      }),
    );
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(screen.getByTestId('rotation-csv'));
    await waitFor(() => expect(saved).toEqual(['rotation-session-1.csv']));
    click.mockRestore();
    Object.assign(URL, objectUrls);
  });
});
