import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RotationAdminBoard, RotationBoard } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key } from '../../functions/src/db/keys.ts';
import { userIdOf } from '../../functions/src/rotation/board-ids.ts';
import { RotationRepository } from '../../functions/src/rotation/repository.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { openBoard } from './rotation-fixtures.ts';

/**
 * Who sees what on the rotation board (docs/ON-COURT.md, "Who sees what"; docs/PRIVACY.md): the
 * screen token and user ids only in answers to the team's admins; players, helpers and the venue
 * screen get board ids, in answers and refusals alike.
 */
let h: AdminHarness;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('privacy-board@example.com', '隱私排點隊'));
});
afterAll(() => h.close());

type MemberBoard = { board: RotationBoard; me: string | null; notifyMe: boolean; helper: boolean };

/** Everything an answer carries, as text: no user id (`line_…`, `guest_…`) and no screen token may be in it. */
function expectNothingSecret(body: unknown, screenToken: string) {
  const text = JSON.stringify(body);
  expect(text).not.toContain('line_');
  expect(text).not.toContain('guest_');
  expect(text).not.toContain(screenToken);
  expect(text).not.toContain('screenToken');
  expect(text).not.toContain('userId');
  // Nobody's rating, band or level (docs/ON-COURT.md, "Who sees what").
  expect(text).not.toMatch(/"rating"|"band"|"mu"|"sigma"|"skill"|"level"|"provisional"/);
}

describe('rotation board: secrets stay with their owners', () => {
  it("a player's 25 parallel notifyMe calls never see the screen token or a user id, refusals included", async () => {
    const { sessionId, players, board } = await openBoard(h, token, 'pn', { startsInHours: 1 });
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        h.call<MemberBoard>(
          'checkState/rotation/notifyMe',
          { sessionId, on: i % 2 === 0 },
          { token: players[0]!.token },
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    // Lost races answer 409 ROTATION_CHANGED with the board that won: the board players see.
    const refused = answers.filter((a) => a.status === 409);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.body.error).toBe('ROTATION_CHANGED');
      expect((a.body as { data?: { board?: RotationBoard } }).data?.board?.sessionId).toBe(sessionId);
    }
    for (const a of answers) expectNothingSecret(a.body, board.screenToken);
  });

  it('boards, the venue screen and every helper answer carry board ids only; the admin board user ids', async () => {
    const { sessionId, players, board } = await openBoard(h, token, 'pv', { checkedIn: 6, startsInHours: 1 });
    const helper = players[5]!;
    await h.ok('rotation/setHelper', { sessionId, userId: helper.userId }, token);
    const read = await h.call<MemberBoard>('checkState/rotation/getBoard', { sessionId }, { token: players[0]!.token });
    expect(read.status).toBe(200);
    expectNothingSecret(read.body, board.screenToken);
    const screen = await h.call<{ board: RotationBoard }>(`withoutAuth/rotation/screen?token=${board.screenToken}`);
    expect(screen.status).toBe(200);
    expectNothingSecret(screen.body, board.screenToken);

    // The helper acts by board id and is answered with the board players see.
    const ids = new Map(board.players.map((p) => [p.userId, p.playerId]));
    const asHelper = (path: string, body: unknown) =>
      h.call(`checkState/rotation/${path}`, body, { token: helper.token });
    const helperAnswers = [
      await asHelper('startNext', { sessionId, court: 1 }),
      await asHelper('startNext', { sessionId, court: 1 }), // 409 COURT_BUSY, with the board
      await asHelper('setPlayer', { sessionId, playerId: ids.get(players[4]!.userId), state: 'resting' }),
      await asHelper('setPlayer', { sessionId, playerId: ids.get(players[4]!.userId), state: 'ready' }),
      await asHelper('finish', { sessionId, court: 1, score: [21, 18] }),
    ];
    expect(helperAnswers.map((a) => a.status)).toEqual([200, 409, 200, 200, 200]);
    expect(helperAnswers[1]!.body.error).toBe('COURT_BUSY');
    for (const a of helperAnswers) expectNothingSecret(a.body, board.screenToken);
    const mine = await h.call<MemberBoard>('checkState/rotation/getBoard', { sessionId }, { token: helper.token });
    expect(mine.body.data!.helper).toBe(true);
    expect(mine.body.data!.me).toBe(ids.get(helper.userId));
    expect(mine.body.data!.board.helperPlayerId).toBe(ids.get(helper.userId));

    // After a rated game, players and the screen still see no rating.
    const after = await h.call<MemberBoard>(
      'checkState/rotation/getBoard',
      { sessionId },
      { token: players[0]!.token },
    );
    expectNothingSecret(after.body, board.screenToken);
    const screenAfter = await h.call(`withoutAuth/rotation/screen?token=${board.screenToken}`);
    expectNothingSecret(screenAfter.body, board.screenToken);
    expectNothingSecret(mine.body, board.screenToken);

    // The team's admins see user ids beside the board ids, and the screen token.
    const admin = await h.ok<{ board: RotationAdminBoard }>('rotation/getBoard', { sessionId }, token);
    // and the band of those who played a rated game here (the four of the game), nobody else's.
    const rated = admin.board.players.filter((p) => p.rating !== null);
    expect(rated.map((p) => p.gamesPlayed)).toEqual([1, 1, 1, 1]);
    for (const p of rated) expect(p.rating).toMatchObject({ provisional: true, games: 1 });
    expect(admin.board.players.map((p) => p.userId)).toEqual(players.map((p) => p.userId));
    expect(admin.board.screenToken).toBe(board.screenToken);
    expect(admin.board.helperUserId).toBe(helper.userId);
  });

  it('the helper names players by board id: a user id or another board id changes nothing (404)', async () => {
    const { sessionId, players, board } = await openBoard(h, token, 'pid', { checkedIn: 6, startsInHours: 1 });
    const other = await openBoard(h, token, 'pid2', { checkedIn: 1, startsInHours: 1 });
    const helper = players[0]!;
    await h.ok('rotation/setHelper', { sessionId, userId: helper.userId }, token);
    const ids = new Map(board.players.map((p) => [p.userId, p.playerId]));
    const before = await h.snapshot();
    for (const body of [
      { sessionId, playerId: players[2]!.userId, state: 'resting' },
      { sessionId, playerId: other.board.players[0]!.playerId, state: 'resting' },
    ]) {
      const res = await h.call('checkState/rotation/setPlayer', body, { token: helper.token });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.error).toBe('ROTATION_PLAYER_NOT_FOUND');
    }
    // The old body shape (user ids) is refused by the contract.
    const old = await h.call(
      'checkState/rotation/moveUp',
      { sessionId, userId: players[3]!.userId },
      { token: helper.token },
    );
    expect(old.status).toBe(400);
    expect(await h.snapshot()).toEqual(before);

    const next = board.next[0]!.teams.flat().map((p) => p.playerId);
    const waiting = board.players.find((p) => !next.includes(p.playerId))!;
    const swapped = await h.call<{ board: RotationBoard }>(
      'checkState/rotation/swapNext',
      { sessionId, nextIndex: 0, outPlayerId: next[0], inPlayerId: waiting.playerId },
      { token: helper.token },
    );
    expect(swapped.status).toBe(200);
    expect(swapped.body.data!.board.next[0]!.teams.flat().map((p) => p.playerId)).toContain(waiting.playerId);
    const moved = await h.call<{ board: RotationBoard }>(
      'checkState/rotation/moveUp',
      { sessionId, playerId: ids.get(players[5]!.userId) },
      { token: helper.token },
    );
    expect(moved.status).toBe(200);
    // A former helper can do nothing and is told nothing.
    await h.ok('rotation/setHelper', { sessionId, userId: null }, token);
    const former = await h.call('checkState/rotation/finish', { sessionId, court: 1 }, { token: helper.token });
    expect(former.status).toBe(403);
    expectNothingSecret(former.body, board.screenToken);
  });

  it('board ids stay the same all evening, differ between boards, and turn back into user ids only with the board', async () => {
    const first = await openBoard(h, token, 'pst', { checkedIn: 4, startsInHours: 1 });
    const player = first.players[0]!;
    const second = await openBoard(h, token, 'pst2', { checkedIn: 0, booked: 0, startsInHours: 1 });
    await h.join(player.token, second.sessionId);
    await h.ok('signed/signed', { sessionId: second.sessionId, userId: player.userId, attendance: 'attended' }, token);
    const idOn = async (sessionId: string) =>
      (await h.call<MemberBoard>('checkState/rotation/getBoard', { sessionId }, { token: player.token })).body.data!
        .me!;
    const id = await idOn(first.sessionId);
    expect(id).toMatch(/^p_[A-Za-z0-9_-]{22}$/);
    expect(await idOn(second.sessionId)).not.toBe(id);
    await h.ok('rotation/rotateScreenToken', { sessionId: first.sessionId }, token);
    await h.ok('rotation/startNext', { sessionId: first.sessionId, court: 1 }, token);
    expect(await idOn(first.sessionId)).toBe(id);
    const item = (await new RotationRepository(h.deps.store).get(first.sessionId))!;
    expect(userIdOf(item, id)).toBe(player.userId);
    expect(userIdOf(item, await idOn(second.sessionId))).toBeNull();
  });

  it('a board opened before board keys keeps its ids through a new screen token', async () => {
    const { sessionId, players } = await openBoard(h, token, 'plegacy', { startsInHours: 1 });
    // As stored before board keys existed.
    await h.deps.store.doc.send(
      new UpdateCommand({
        TableName: h.deps.store.tableName,
        Key: key.rotation(sessionId),
        UpdateExpression: 'REMOVE boardKey',
      }),
    );
    const idOf = async () =>
      (await h.call<MemberBoard>('checkState/rotation/getBoard', { sessionId }, { token: players[1]!.token })).body
        .data!.me;
    const before = await idOf();
    await h.ok('rotation/rotateScreenToken', { sessionId }, token);
    await h.ok('rotation/rotateScreenToken', { sessionId }, token);
    expect(await idOf()).toBe(before);
  });
});
