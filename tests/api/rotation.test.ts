import type { RotationAdminBoard, RotationBoard, RotationGame } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAdminApi } from '../../functions/src/app/admin-api.ts';
import { adminServices } from '../../functions/src/app/admin-services.ts';
import { listenFirst } from '../../functions/src/local/listen.ts';
import { RotationHub, rotationViewer } from '../../functions/src/local/rotation-live.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('rotation@example.com', '排點隊'));
});
afterAll(() => h.close());

type Board = RotationAdminBoard;

/** A session with `count` booked players checked in one second apart (check-in order = index order). */
async function checkedInSession(count: number, prefix: string) {
  const session = await h.newSession(token, { capacity: count + 4, startsInHours: 1 });
  const players = await h.players(count, prefix);
  for (const p of players) {
    expect((await h.join(p.token, session.id)).status).toBe(200);
  }
  for (const p of players) {
    h.clock.advance(1000);
    const res = await h.adminCall(
      'signed/signed',
      { sessionId: session.id, userId: p.userId, attendance: 'attended' },
      { token },
    );
    expect(res.status).toBe(200);
  }
  return { sessionId: session.id, players };
}

const ok = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await h.adminCall<T>(path, body, { token });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
};
/** An admin call answered as the raw Response (CSV, ETag, 304). */
const raw = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  h.adminApp.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
/** The user ids of a game's players: games show board ids, the admin board's players have both. */
const ids = (game: RotationGame, board: Board) =>
  game.teams.flat().map((p) => board.players.find((x) => x.playerId === p.playerId)!.userId);

describe('rotation board', () => {
  it('twelve checked-in players, two doubles courts: twelve rounds give everyone 4 games, no partner back to back', async () => {
    const { sessionId, players } = await checkedInSession(12, 'rot');
    const { board } = await ok<{ board: Board }>('rotation/setup', {
      sessionId,
      courts: [1, 2],
      mode: 'doubles',
      rule: 'balanced',
    });
    // The queue is the check-in order.
    expect(board.players.map((p) => p.userId)).toEqual(players.map((p) => p.userId));
    expect(board.players.every((p) => p.state === 'ready' && p.gamesPlayed === 0)).toBe(true);
    expect(board.next).toHaveLength(2);

    const games: RotationGame[] = [];
    let last = board;
    for (let round = 0; round < 12; round++) {
      const court = (round % 2) + 1;
      if (last.courts.find((c) => c.court === court)!.game) {
        last = (await ok<{ board: Board }>('rotation/finish', { sessionId, court, score: [21, 15] })).board;
      }
      const started = await ok<{ game: RotationGame; board: Board }>('rotation/startNext', { sessionId, court });
      expect(started.game.court).toBe(court);
      // Nobody is on two courts at once.
      const onCourt = started.board.courts.flatMap((c) => (c.game ? ids(c.game, started.board) : []));
      expect(new Set(onCourt).size).toBe(onCourt.length);
      games.push(started.game);
      last = started.board;
    }
    const played = last.players.map((p) => p.gamesPlayed);
    expect(played.every((n) => n === 4)).toBe(true);
    // No partner repeated back to back.
    const boardId = new Map(last.players.map((x) => [x.userId, x.playerId]));
    for (const p of players) {
      const me = boardId.get(p.userId)!;
      const partners = games
        .filter((g) => ids(g, last).includes(p.userId))
        .map((g) => g.teams.find((t) => t.some((x) => x.playerId === me))!.find((x) => x.playerId !== me)!.playerId);
      expect(partners).toHaveLength(4);
      for (let i = 1; i < partners.length; i++) expect(partners[i], p.userId).not.toBe(partners[i - 1]);
    }
    // The night's log as CSV: one row per game.
    const csv = await raw('rotation/exportCsv', { sessionId });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toBe('game,court,startedAt,endedAt,side1,side2,score1,score2');
  });

  it('two concurrent startNext on one free court start one game; the loser gets the new board', async () => {
    const { sessionId } = await checkedInSession(8, 'race');
    await ok('rotation/setup', { sessionId, courts: [1, 2], mode: 'doubles', rule: 'balanced' });
    const [a, b] = await Promise.all([
      h.adminCall<{ game: RotationGame; board: Board }>('rotation/startNext', { sessionId, court: 1 }, { token }),
      h.adminCall<{ game: RotationGame; board: Board }>('rotation/startNext', { sessionId, court: 1 }, { token }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect(lost.body.error).toBe('COURT_BUSY');
    const seen = (lost.body as { data?: { board: Board } }).data!.board;
    expect(seen.courts[0]!.game).toEqual(won.body.data!.game);
    const board = await ok<{ board: Board }>('rotation/getBoard', { sessionId });
    expect(board.board.players.filter((p) => p.gamesPlayed > 0)).toHaveLength(4);
    expect(board.board.version).toBe(won.body.data!.board.version);
  });

  it('refuses bad input with the error envelope and changes nothing; ETag and 304 for polling', async () => {
    const { sessionId, players } = await checkedInSession(5, 'bad');
    expect((await h.adminCall('rotation/getBoard', { sessionId }, { token })).body.error).toBe('ROTATION_NOT_OPEN');
    for (const body of [
      { sessionId, courts: [], mode: 'doubles', rule: 'balanced' },
      { sessionId, courts: [1, 1], mode: 'doubles', rule: 'balanced' },
      { sessionId, courts: [1], mode: 'triples', rule: 'balanced' },
    ]) {
      expect((await h.adminCall('rotation/setup', body, { token })).status).toBe(400);
    }
    const { board } = await ok<{ board: Board }>('rotation/setup', {
      sessionId,
      courts: [1],
      mode: 'doubles',
      rule: 'balanced',
    });
    const refused = [
      ['rotation/startNext', { sessionId, court: 7 }, 400],
      ['rotation/startNext', { sessionId, court: 'one' }, 400],
      ['rotation/finish', { sessionId, court: 1 }, 409],
      ['rotation/setPlayer', { sessionId, userId: 'nobody', state: 'resting' }, 404],
      ['rotation/setPlayer', { sessionId, userId: players[0]!.userId, state: 'asleep' }, 400],
      ['rotation/lockPair', { sessionId, userId: players[0]!.userId, partnerUserId: players[0]!.userId }, 400],
    ] as const;
    for (const [path, body, status] of refused) {
      expect((await h.adminCall(path, body, { token })).status, path).toBe(status);
    }
    const after = await h.adminCall<{ board: Board }>('rotation/getBoard', { sessionId }, { token });
    expect(after.body.data!.board.version).toBe(board.version);
    const etag = `"rotation-v${board.version}"`;
    const plain = await raw('rotation/getBoard', { sessionId });
    expect(plain.headers.get('etag')).toBe(etag);
    const again = await raw('rotation/getBoard', { sessionId }, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    // Resting, back, pair lock and move up: the queue follows.
    await ok('rotation/setPlayer', { sessionId, userId: players[0]!.userId, state: 'resting' });
    const moved = await ok<{ board: Board }>('rotation/moveUp', { sessionId, userId: players[4]!.userId });
    expect(moved.board.players.find((p) => p.userId === players[4]!.userId)!.queuePosition).toBe(1);
    expect(moved.board.players.find((p) => p.userId === players[0]!.userId)!.queuePosition).toBeNull();
    const started = await ok<{ game: RotationGame; board: Board }>('rotation/startNext', { sessionId, court: 1 });
    expect(ids(started.game, started.board)).toContain(players[4]!.userId);
    expect(ids(started.game, started.board)).not.toContain(players[0]!.userId);
  });

  it("scores follow the team's scoring: an impossible score is refused with 400 and changes nothing", async () => {
    // Default 21: won by 2, at most 30-29, never drawn.
    const { sessionId } = await checkedInSession(4, 'sc21');
    const opened = await ok<{ board: Board }>('rotation/setup', {
      sessionId,
      courts: [1],
      mode: 'doubles',
      rule: 'balanced',
    });
    expect(opened.board.scoring).toBe(21);
    await ok('rotation/startNext', { sessionId, court: 1 });
    const before = (await ok<{ board: Board }>('rotation/getBoard', { sessionId })).board;
    for (const score of [
      [21, 21],
      [22, 21],
      [31, 29],
      [21, 20],
      [20, 18],
      [30, 27],
      [25, 20],
    ]) {
      const res = await h.adminCall('rotation/finish', { sessionId, court: 1, score }, { token });
      expect(res.status, String(score)).toBe(400);
      expect(res.body.error).toBe('IMPOSSIBLE_SCORE');
      expect(res.body.message).toContain(`${score[0]}-${score[1]} cannot end a game to 21`);
    }
    // A winner that is not the side with more points is refused too.
    const against = await h.adminCall(
      'rotation/finish',
      { sessionId, court: 1, score: [21, 15], winner: 1 },
      { token },
    );
    expect(against.status).toBe(400);
    expect((await ok<{ board: Board }>('rotation/getBoard', { sessionId })).board.version).toBe(before.version);
    const done = await ok<{ board: Board }>('rotation/finish', { sessionId, court: 1, score: [29, 30] });
    expect(done.board.courts[0]!.game).toBeNull();

    // The team plays to 11 (cap 15): a new board follows the setting.
    expect((await h.adminCall('setting/updateDefault', { teamId, scoring: 11 }, { token })).status).toBe(200);
    expect((await h.adminCall('setting/updateDefault', { teamId, scoring: 13 }, { token })).status).toBe(400);
    const eleven = await checkedInSession(4, 'sc11');
    const board11 = await ok<{ board: Board }>('rotation/setup', {
      sessionId: eleven.sessionId,
      courts: [1],
      mode: 'doubles',
      rule: 'balanced',
    });
    expect(board11.board.scoring).toBe(11);
    await ok('rotation/startNext', { sessionId: eleven.sessionId, court: 1 });
    for (const score of [
      [21, 15],
      [16, 14],
      [11, 10],
    ]) {
      const res = await h.adminCall('rotation/finish', { sessionId: eleven.sessionId, court: 1, score }, { token });
      expect(res.body.error, String(score)).toBe('IMPOSSIBLE_SCORE');
    }
    await ok('rotation/finish', { sessionId: eleven.sessionId, court: 1, score: [14, 15] });
    expect((await h.adminCall('setting/updateDefault', { teamId, scoring: 21 }, { token })).status).toBe(200);
  });

  it('players read the board (names and board ids), outsiders cannot; the venue screen reads it with its token', async () => {
    const { sessionId, players } = await checkedInSession(4, 'view');
    const { board } = await ok<{ board: Board }>('rotation/setup', {
      sessionId,
      courts: [1],
      mode: 'doubles',
      rule: 'balanced',
    });
    const mine = await h.call<{ board: RotationBoard; me: string | null }>(
      'checkState/rotation/getBoard',
      { sessionId },
      { token: players[1]!.token },
    );
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body.data!.board.players[0]!).sort()).toEqual(
      ['court', 'gamesPlayed', 'lockedWith', 'name', 'playerId', 'queuePosition', 'state'].sort(),
    );
    expect(mine.body.data!.board).not.toHaveProperty('screenToken');
    // The answer names the caller's row by its board id, the one the admin board shows beside the user id.
    const boardIdOf = new Map(board.players.map((p) => [p.userId, p.playerId]));
    expect(mine.body.data!.me).toBe(boardIdOf.get(players[1]!.userId));
    expect(JSON.stringify(mine.body)).not.toContain('line_');
    const [outsider] = await h.players(1, 'outside');
    expect((await h.call('checkState/rotation/getBoard', { sessionId }, { token: outsider!.token })).status).toBe(403);
    // A player cannot change the board until named helper.
    expect(
      (await h.call('checkState/rotation/startNext', { sessionId, court: 1 }, { token: players[1]!.token })).status,
    ).toBe(403);
    await ok('rotation/setHelper', { sessionId, userId: players[1]!.userId });
    const helped = await h.call<{ game: RotationGame }>(
      'checkState/rotation/startNext',
      { sessionId, court: 1 },
      { token: players[1]!.token },
    );
    expect(helped.status).toBe(200);

    const screen = await h.call<{ board: RotationBoard }>(`withoutAuth/rotation/screen?token=${board.screenToken}`);
    expect(screen.status).toBe(200);
    expect(screen.body.data!.board.courts[0]!.game).toEqual(helped.body.data!.game);
    await ok('rotation/rotateScreenToken', { sessionId });
    expect((await h.call(`withoutAuth/rotation/screen?token=${board.screenToken}`)).status).toBe(401);
  });

  it('a WebSocket on the local URL gets the board on connect and each change within 1 s', async () => {
    const { sessionId } = await checkedInSession(8, 'live');
    const hub = new RotationHub();
    const deps = { ...h.deps, rotationPublisher: hub.publish };
    const app = createAdminApi(deps);
    const { server, port } = await listenFirst('127.0.0.1', { fetch: app.fetch });
    hub.attach(server, rotationViewer(adminServices(deps)));
    const post = (path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}/api/admin/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    try {
      await post('rotation/setup', { sessionId, courts: [1, 2], mode: 'doubles', rule: 'balanced' });
      // A wrong token is refused before the upgrade.
      const refused = new WebSocket(`ws://127.0.0.1:${port}/ws/rotation?sessionId=${sessionId}&token=nope`);
      await new Promise((r) => refused.once('error', r));

      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/rotation?sessionId=${sessionId}&token=${token}`);
      const messages: RotationBoard[] = [];
      const waiters: (() => void)[] = [];
      ws.on('message', (data) => {
        messages.push(JSON.parse(String(data)));
        waiters.shift()?.();
      });
      const nextMessage = (count: number) =>
        messages.length >= count
          ? Promise.resolve()
          : new Promise<void>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error('no board within 1 s')), 1000);
              waiters.push(() => {
                clearTimeout(timer);
                resolve();
              });
            });
      await new Promise((r) => ws.once('open', r));
      await nextMessage(1);
      const first = messages[0]!;
      for (const [i, [path, body]] of (
        [
          ['rotation/startNext', { sessionId, court: 1 }],
          ['rotation/startNext', { sessionId, court: 2 }],
          ['rotation/finish', { sessionId, court: 1 }],
        ] as const
      ).entries()) {
        const sent = Date.now();
        expect((await post(path, body)).status).toBe(200);
        await nextMessage(i + 2);
        expect(Date.now() - sent).toBeLessThan(1000);
        expect(messages[i + 1]!.version).toBe(first.version + i + 1);
      }
      expect(messages.at(-1)!.courts.map((c) => c.game !== null)).toEqual([false, true]);
      ws.close();
    } finally {
      hub.close();
      await new Promise((r) => server.close(r));
    }
  });
});

describe("tonight's record in a player's history", () => {
  type HistoryItem = { id: string; attendance: string | null; gamesPlayed?: number };
  const historyOf = async (sub: string) => {
    const fresh = await h.login(sub);
    const res = await h.call<{ items: HistoryItem[] }>('checkState/history/getHistory', undefined, { token: fresh });
    expect(res.status).toBe(200);
    return res.body.data!.items;
  };

  it('shows the games played on an ended session that had a board, and nothing on one without', async () => {
    // Five players on one doubles court, two games: eight places, so two players play once.
    const { sessionId, players } = await checkedInSession(5, 'hist');
    await ok('rotation/setup', { sessionId, courts: [1], mode: 'doubles', rule: 'balanced' });
    await ok('rotation/startNext', { sessionId, court: 1 });
    await ok('rotation/finish', { sessionId, court: 1 });
    const { board } = await ok<{ board: Board }>('rotation/startNext', { sessionId, court: 1 });
    const played = new Map(board.players.map((p) => [p.userId, p.gamesPlayed]));
    expect([...played.values()].sort()).toEqual([1, 1, 2, 2, 2]);

    // The first player also attended a session without a board.
    const plain = await h.newSession(token, { capacity: 4, startsInHours: 1 });
    expect((await h.join(players[0]!.token, plain.id)).status).toBe(200);
    await ok('signed/signed', { sessionId: plain.id, userId: players[0]!.userId, attendance: 'attended' });

    // Both sessions have ended five hours on.
    await h.later(5 * 3_600_000, async () => {
      for (const p of players) {
        const item = (await historyOf(p.sub)).find((i) => i.id === sessionId);
        expect(item, p.userId).toMatchObject({ attendance: 'attended', gamesPlayed: played.get(p.userId) });
      }
      const other = (await historyOf(players[0]!.sub)).find((i) => i.id === plain.id);
      expect(other).toBeDefined();
      expect(other).not.toHaveProperty('gamesPlayed');
    });
  });
});
