import type { AdminParticipant } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/**
 * The admin's participant list (`courtSession/getSessionMember`) keeps fair sign-up's players
 * apart (docs/FAIR-SIGNUP.md): lottery entries in arrival order before the draw, places held by
 * an offer with its end, and after the draw every entrant as confirmed or waiting, also before
 * the sign-up job has settled their rows.
 */

let h: AdminHarness;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('fairlist@example.com', '名單羽球隊'));
});
afterAll(() => h.close());

interface Members {
  accepted: AdminParticipant[];
  waiting: AdminParticipant[];
  entered: AdminParticipant[];
  offered: AdminParticipant[];
}
const membersOf = (sessionId: string) => h.ok<Members>('courtSession/getSessionMember', { sessionId }, token);
const names = (list: AdminParticipant[]) => list.map((p) => p.name);

describe('the participant list of fair sign-up', () => {
  it('lists entries apart before the draw, and everyone as confirmed or waiting once drawn', async () => {
    const start = h.clock.now();
    const session = await h.newSession(token, {
      capacity: 2,
      signupMode: 'lottery',
      lotteryMinutes: 5,
      signupOpensAt: start.toISOString(),
    });
    const players = await h.players(4, 'fairlist');
    for (const p of players.slice(0, 3)) {
      h.clock.advance(1_000);
      expect((await h.join(p.token, session.id)).body.data!.status).toBe('entered');
    }
    const before = await membersOf(session.id);
    expect(names(before.entered)).toEqual(['fairlist 0', 'fairlist 1', 'fairlist 2']);
    expect(before.entered.every((p) => p.status === 'entered' && p.position === null)).toBe(true);
    expect(before).toMatchObject({ accepted: [], waiting: [], offered: [] });

    // A join after the window runs the draw; the rows are not settled yet (no sign-up job ran).
    h.clock.set(new Date(start.getTime() + 5 * 60_000));
    expect((await h.join(players[3]!.token, session.id)).body.data!.status).toBe('waiting');
    const after = await membersOf(session.id);
    expect(after.entered).toEqual([]);
    expect(after.accepted).toHaveLength(2);
    expect(after.accepted.every((p) => p.status === 'accepted')).toBe(true);
    expect(after.waiting.map((p) => [p.status, p.position])).toEqual([
      ['waiting', 1],
      ['waiting', 2],
    ]);
    expect(after.waiting[1]!.name).toBe('fairlist 3');
    expect(new Set([...names(after.accepted), ...names(after.waiting)]).size).toBe(4);
    h.clock.set(start);
  });

  it("calls a lottery entry an entry in the board's activity, before and after the draw (issue 22)", async () => {
    const start = h.clock.now();
    const session = await h.newSession(token, {
      capacity: 1,
      signupMode: 'lottery',
      lotteryMinutes: 5,
      signupOpensAt: start.toISOString(),
    });
    const players = await h.players(3, 'boardentry');
    for (const p of players.slice(0, 2)) {
      h.clock.advance(1_000);
      await h.join(p.token, session.id);
    }
    type Board = { recent: { kind: string; userId: string; sessionId: string }[] };
    const kindsOf = async () =>
      new Map(
        (await h.ok<Board>('board/getBoard', {}, token)).recent
          .filter((e) => e.sessionId === session.id)
          .map((e) => [`${e.userId}:${e.kind}`, e.kind]),
      );
    const before = await kindsOf();
    expect([...before.values()]).toEqual(['entered', 'entered']);

    // After the window a join is first come: it waits behind the drawn entries.
    h.clock.set(new Date(start.getTime() + 5 * 60_000 + 1_000));
    expect((await h.join(players[2]!.token, session.id)).body.data!.status).toBe('waiting');
    const after = await kindsOf();
    expect(after.get(`${players[0]!.userId}:entered`)).toBe('entered');
    expect(after.get(`${players[1]!.userId}:entered`)).toBe('entered');
    expect(after.get(`${players[2]!.userId}:waitlisted`)).toBe('waitlisted');
    expect(
      [...after.keys()].filter((k) => k.startsWith(players[0]!.userId) || k.startsWith(players[1]!.userId)),
    ).not.toContainEqual(expect.stringMatching(/:waitlisted$/));
    h.clock.set(start);
  });

  it('lists a place held by an offer with its end, apart from the waiting list', async () => {
    await h.ok('setting/updateDefault', { waitlistOfferMinutes: 30 }, token);
    const session = await h.newSession(token, { capacity: 1, signupMode: 'firstCome' });
    const players = await h.players(3, 'offerlist');
    for (const p of players) await h.join(p.token, session.id);
    await h.ok('courtSession/removePlayer', { sessionId: session.id, userId: players[0]!.userId }, token);

    const list = await membersOf(session.id);
    expect(list.accepted).toEqual([]);
    expect(list.offered).toEqual([
      expect.objectContaining({
        name: 'offerlist 1',
        status: 'offered',
        offerExpiresAt: new Date(h.clock.now().getTime() + 30 * 60_000).toISOString(),
      }),
    ]);
    expect(list.waiting.map((p) => [p.name, p.position])).toEqual([['offerlist 2', 1]]);
    expect(list.entered).toEqual([]);
  });
});
