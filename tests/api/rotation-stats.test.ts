import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MyStats, RotationAdminBoard } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key } from '../../functions/src/db/keys.ts';
import { muOfLevel } from '../../functions/src/rotation/rating-scale.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/** A player's own games and rating (docs/ON-COURT.md, "Players see their own"), on DynamoDB Local. */
let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('stats@example.com', '戰績隊'));
});
afterAll(() => h.close());

type Board = RotationAdminBoard;
type Player = { userId: string; token: string };

async function checkedInSession(count: number, prefix: string) {
  const session = await h.newSession(token, { capacity: count + 4, startsInHours: 1 });
  const players = await h.players(count, prefix);
  for (const p of players) {
    // Members of the team (the members list lists them).
    expect((await h.call('checkState/member/joinTeam', { teamId }, { token: p.token })).status).toBe(200);
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
const stats = async (p: Player, body: object = {}) => {
  const res = await h.call<MyStats>('checkState/stats/get', body, { token: p.token });
  if (res.status !== 200) throw new Error(`stats: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
};
/** Plays `games` games on courts 1 to `courts` by turns, winner by `pick`; answers the admin board. */
async function play(sessionId: string, games: number, pick: (n: number) => 0 | 1, courts = 2) {
  for (let n = 0; n < games; n++) {
    const court = (n % courts) + 1;
    h.clock.advance(60_000);
    await ok('rotation/startNext', { sessionId, court });
    await ok('rotation/finish', { sessionId, court, winner: pick(n) });
  }
  return (await ok<{ board: Board }>('rotation/getBoard', { sessionId })).board;
}
const userIdsOf = (board: Board, side: { playerId: string }[]) =>
  side.map((p) => board.players.find((x) => x.playerId === p.playerId)!.userId);

describe('a player sees their own games and rating', () => {
  it('counts the evening, the month and all time from the log; a band on the table; partners by name; a removal takes a game back', async () => {
    const { sessionId, players } = await checkedInSession(8, 'stat');
    await ok('rotation/setup', { sessionId, courts: [1, 2], mode: 'doubles', rule: 'balanced' });
    const board = await play(sessionId, 6, (n) => (n % 3 === 0 ? 1 : 0));
    for (const p of players) {
      const mine = board.log.filter((g) =>
        [...g.teams[0], ...g.teams[1]].some((x) => userIdsOf(board, [x])[0] === p.userId),
      );
      const won = mine.filter((g) => userIdsOf(board, g.teams[g.winner!]).includes(p.userId)).length;
      // No sessionId: the evening is the player's latest session today.
      const s = await stats(p);
      expect(s.played).toEqual({ evening: mine.length, month: mine.length, all: mine.length });
      expect(s.won).toEqual({ evening: won, month: won, all: won });
      expect(s.lost.all).toBe(mine.length - won);
      expect(await stats(p, { sessionId })).toEqual(s);
      if (mine.length === 0) {
        expect(s.rating).toBeNull();
        continue;
      }
      const r = s.rating!;
      expect(r.provisional).toBe(true);
      expect(r.games).toBe(mine.length);
      expect(1 <= r.low && r.low <= r.level && r.level <= r.high && r.high <= 18).toBe(true);
      expect(s.trend.at(-1)!.level).toBe(r.level);
      // Partners by their names, never by id; each counted once a game together.
      const partners = new Map<string, number>();
      for (const g of mine) {
        const side = userIdsOf(board, g.teams[0]).includes(p.userId) ? g.teams[0] : g.teams[1];
        for (const id of userIdsOf(board, side)) if (id !== p.userId) partners.set(id, (partners.get(id) ?? 0) + 1);
      }
      const named = new Map([...partners].map(([id, n]) => [`stat ${players.findIndex((x) => x.userId === id)}`, n]));
      expect(new Map(s.partners.map((x) => [x.name, x.games]))).toEqual(named);
      expect(JSON.stringify(s)).not.toMatch(/line_/);
    }
    // The team's admins see the band of those who played here, in the members list (same shape).
    const listed = await ok<{ items: { userId: string; rating: MyStats['rating'] }[] }>('members/getMembers', {
      page: 1,
      pageSize: 50,
    });
    const bands = new Map(listed.items.map((m) => [m.userId, m.rating]));
    for (const p of players) {
      expect(bands.has(p.userId), 'a player of the evening is listed').toBe(true);
      expect(bands.get(p.userId)).toEqual((await stats(p)).rating);
    }
    // A removed result takes back its played/won/lost.
    const game1 = board.log[0]!;
    const four = [...userIdsOf(board, game1.teams[0]), ...userIdsOf(board, game1.teams[1])];
    const before = await Promise.all(four.map((id) => stats(players.find((p) => p.userId === id)!)));
    await ok('rotation/correctResult', { sessionId, gameNo: 1, remove: true });
    for (const [i, id] of four.entries()) {
      const after = await stats(players.find((p) => p.userId === id)!);
      expect(after.played.all).toBe(before[i]!.played.all - 1);
      expect(after.played.evening).toBe(before[i]!.played.evening - 1);
      expect(after.played.month).toBe(before[i]!.played.month - 1);
      expect(after.won.all + after.lost.all).toBe(after.played.all);
    }
  });

  it('a player who turns ratings off still has games counted, and sees no rating, trend or suggestion', async () => {
    const { sessionId, players } = await checkedInSession(4, 'off');
    const p = players[0]!;
    const off = await h.call<{ on: boolean }>('checkState/setting/ratings', { on: false }, { token: p.token });
    expect(off.body.data).toEqual({ on: false });
    await ok('rotation/setup', { sessionId, courts: [1], mode: 'doubles', rule: 'balanced' });
    await play(sessionId, 2, () => 0, 1);
    const s = await stats(p);
    expect(s.ratingsOn).toBe(false);
    expect(s.played.all).toBe(2);
    expect([s.rating, s.trend, s.suggested]).toEqual([null, [], null]);
    // The rating still moves (so turning it on again is honest), but the board's split uses the declared level.
    const stored = (
      await h.store.doc.send(new GetCommand({ TableName: h.store.tableName, Key: key.rotation(sessionId) }))
    ).Item as { state: { players: { userId: string; skill?: number }[] } };
    const skills = new Map(stored.state.players.map((x) => [x.userId, x.skill]));
    expect(skills.get(p.userId)).toBeUndefined();
    expect(skills.get(players[1]!.userId)).toBeTypeOf('number');
    const listed = await ok<{ items: { userId: string; rating: unknown }[] }>('members/getMembers', {
      page: 1,
      pageSize: 50,
    });
    const bands = new Map(listed.items.map((m) => [m.userId, m.rating]));
    expect(bands.get(p.userId)).toBeNull();
    expect(bands.get(players[1]!.userId)).not.toBeNull();
    const admin = (await ok<{ board: Board }>('rotation/getBoard', { sessionId })).board;
    expect(admin.players.find((x) => x.userId === p.userId)!.rating).toBeNull();
    await h.call('checkState/setting/ratings', { on: true }, { token: p.token });
    expect((await stats(p)).rating!.games).toBe(2);
    // A bad body changes nothing.
    const bad = await h.call('checkState/setting/ratings', { on: 'no' }, { token: p.token });
    expect(bad.status).toBe(400);
  });

  it('suggests a level once the games say so, and one tap takes it as the declared level', async () => {
    const p = (await h.players(1, 'sugg'))[0]!;
    await h.call('checkState/setting/level', { level: 4 }, { token: p.token });
    const none = await h.call('checkState/stats/acceptSuggestedLevel', {}, { token: p.token });
    expect([none.status, none.body.error]).toEqual([409, 'NO_SUGGESTED_LEVEL']);
    // Twelve rated games at level 7.4 (stored as a finish would leave them).
    await h.store.doc.send(
      new PutCommand({
        TableName: h.store.tableName,
        Item: {
          ...key.rating(p.userId),
          type: 'rating',
          userId: p.userId,
          mu: muOfLevel(7.4),
          sigma: 2,
          games: 12,
          version: 12,
          updatedAt: h.clock.now().toISOString(),
          trend: [],
        },
      }),
    );
    const s = await stats(p);
    expect(s.rating).toMatchObject({ level: 7.4, provisional: false });
    expect(s.suggested).toEqual({ level: 7, low: 7, high: 8 });
    const took = await h.call<{ level: number }>('checkState/stats/acceptSuggestedLevel', {}, { token: p.token });
    expect(took.body.data).toEqual({ level: 7 });
    expect((await h.call('checkState/setting/getLevel', {}, { token: p.token })).body.data).toEqual({ level: 7 });
    expect((await stats(p)).suggested).toBeNull();
  });
});
