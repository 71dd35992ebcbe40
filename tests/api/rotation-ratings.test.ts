import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RotationAdminBoard } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RatingItem, ratingCodec } from '../../functions/src/db/codecs/ratings.ts';
import { key } from '../../functions/src/db/keys.ts';
import { firstRating } from '../../functions/src/rotation/ratings.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/** Ratings from the court through the API (docs/ON-COURT.md, "Ratings"), on DynamoDB Local. */
let h: AdminHarness;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('ratings@example.com', '評分隊'));
});
afterAll(() => h.close());

type Board = RotationAdminBoard;

async function checkedInSession(count: number, prefix: string) {
  const session = await h.newSession(token, { capacity: count + 4, startsInHours: 1 });
  const players = await h.players(count, prefix);
  for (const p of players) expect((await h.join(p.token, session.id)).status).toBe(200);
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

const ok = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
  const res = await h.adminCall<T>(path, body, { token, headers });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
};
const rating = async (userId: string) =>
  ratingCodec.decodeOrNull(
    (
      await h.store.doc.send(
        new GetCommand({ TableName: h.store.tableName, Key: key.rating(userId), ConsistentRead: true }),
      )
    ).Item,
  );
const userIdsOf = (board: Board, side: { playerId: string }[]) =>
  side.map((p) => board.players.find((x) => x.playerId === p.playerId)!.userId);

describe('ratings from the court', () => {
  it('a finished game moves its four ratings once: concurrent finishes, a same-key retry, a correction within 30 minutes', async () => {
    const { sessionId, players } = await checkedInSession(8, 'rate');
    await ok('rotation/setup', { sessionId, courts: [1, 2], mode: 'doubles', rule: 'balanced' });
    await ok('rotation/startNext', { sessionId, court: 1 });
    const started = await ok<{ board: Board }>('rotation/startNext', { sessionId, court: 2 });
    const [one, two] = started.board.courts.map((c) => c.game!);
    // Two finishes at once on two courts: both land, each game rated once.
    const [a, b] = await Promise.all([
      h.adminCall<{ board: Board }>(
        'rotation/finish',
        { sessionId, court: 1, winner: 0 },
        { token, headers: { 'Idempotency-Key': 'finish-court-1' } },
      ),
      h.adminCall<{ board: Board }>('rotation/finish', { sessionId, court: 2, score: [21, 17] }, { token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const board = (await ok<{ board: Board }>('rotation/getBoard', { sessionId })).board;
    expect(board.log.map((g) => [g.gameNo, g.court, g.winner])).toEqual([
      [1, 1, 0],
      [2, 2, 0],
    ]);
    const winners = [...userIdsOf(board, one!.teams[0]), ...userIdsOf(board, two!.teams[0])];
    const losers = [...userIdsOf(board, one!.teams[1]), ...userIdsOf(board, two!.teams[1])];
    const after = new Map<string, RatingItem>();
    for (const id of [...winners, ...losers]) {
      const r = (await rating(id))!;
      expect(r.games, id).toBe(1);
      after.set(id, r);
    }
    for (const id of winners) expect(after.get(id)!.mu).toBeGreaterThan(firstRating(null).mu - 8);
    // The same finish retried with its key: the board answers, nothing moves again.
    const retry = await h.adminCall<{ board: Board }>(
      'rotation/finish',
      { sessionId, court: 1, winner: 0 },
      {
        token,
        headers: { 'Idempotency-Key': 'finish-court-1' },
      },
    );
    expect(retry.status).toBe(200);
    expect(retry.body.data!.board.version).toBe(board.version);
    for (const id of winners) expect((await rating(id))!.version).toBe(after.get(id)!.version);

    // A correction: game 1's winner removed within 30 minutes restores its four exactly.
    const game1 = board.log[0]!;
    const four = [...userIdsOf(board, game1.teams[0]), ...userIdsOf(board, game1.teams[1])];
    h.clock.advance(10 * 60_000);
    const corrected = await ok<{ board: Board }>('rotation/correctResult', { sessionId, gameNo: 1, remove: true });
    expect(corrected.board.log[0]!.winner).toBeNull();
    for (const id of four) {
      const r = (await rating(id))!;
      const level = null;
      expect({ mu: r.mu, sigma: r.sigma, games: r.games }).toEqual(firstRating(level));
    }
    // Game 2's players did not move.
    for (const id of userIdsOf(board, board.log[1]!.teams.flat()))
      expect((await rating(id))!.mu).toBe(after.get(id)!.mu);
    // Set again with the other side winning: rated once more from there.
    await ok('rotation/correctResult', { sessionId, gameNo: 1, winner: 1 });
    for (const id of four) expect((await rating(id))!.games).toBe(1);
    // An impossible score and an unknown game are refused; after 30 minutes no correction.
    const bad = await h.adminCall('rotation/correctResult', { sessionId, gameNo: 1, score: [21, 20] }, { token });
    expect(bad.body.error).toBe('IMPOSSIBLE_SCORE');
    expect((await h.adminCall('rotation/correctResult', { sessionId, gameNo: 9, winner: 0 }, { token })).status).toBe(
      404,
    );
    h.clock.advance(21 * 60_000);
    const late = await h.adminCall('rotation/correctResult', { sessionId, gameNo: 1, winner: 0 }, { token });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('CORRECTION_CLOSED');
    // The rating joins the player's data export (as stored), and only their own.
    const exported = await h.call<{ rating: { games: number; mu: number } | null }>(
      'checkState/account/exportData',
      {},
      { token: players.find((p) => p.userId === four[0])!.token },
    );
    expect(exported.status).toBe(200);
    expect(exported.body.data!.rating).toMatchObject({ games: 1, mu: (await rating(four[0]!))!.mu });
    // Players and the screen never see a rating or the log.
    const seen = await h.call('checkState/rotation/getBoard', { sessionId }, { token: players[0]!.token });
    expect(JSON.stringify(seen.body)).not.toMatch(/"mu"|"sigma"|"rating"|"log"/);
  });
});
