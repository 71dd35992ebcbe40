import type { RotationAdminBoard, RotationBoard } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upNextOutboxId } from '../../functions/src/rotation/up-next.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { dispatcherOf, outboxItem, pendingOutbox } from './notify/fixtures.ts';
import { type LineApiStub, startLineApiStub } from './notify/line-api-stub.ts';

/**
 * The opt-in "you are up next" LINE push of the rotation board (docs/ON-COURT.md, "Up-next
 * push"): `checkState/rotation/notifyMe`, one outbox record per player per session written with
 * the board change that makes them newly up, delivered by the notifier to the LINE API stub.
 */

let h: AdminHarness;
let stub: LineApiStub;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  stub = await startLineApiStub();
  ({ token } = await h.adminWithTeam('upnext@example.com', '上場通知隊'));
});
afterAll(async () => {
  await stub?.close();
  await h?.close();
});

type MemberBoard = { board: RotationBoard; me: string | null; notifyMe: boolean };

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

const admin = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await h.adminCall<T>(path, body, { token });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
};

/** Every up-next record pending, each delivered (a record is claimed once: a second delivery sends nothing). */
async function deliverUpNext() {
  const dispatcher = dispatcherOf(h, stub);
  for (const record of await pendingOutbox(h)) {
    if (record.kind === 'rotationUpNext') await dispatcher.deliver(record);
  }
}

/** The LINE pushes the stub received for one player (LINE id = their login sub). */
const pushesTo = (sub: string) =>
  stub.pushes().filter((r) => (r.body as { to: string }).to === sub) as { body: { messages: { altText: string }[] } }[];

/** Whether the player is on a court or in a coming game (games show board ids; the admin board maps them). */
const isUp = (board: RotationAdminBoard, userId: string) =>
  [...board.courts.flatMap((c) => (c.game ? c.game.teams.flat() : [])), ...board.next.flatMap((g) => g.teams.flat())]
    .map((p) => p.playerId)
    .includes(board.players.find((p) => p.userId === userId)?.playerId ?? '');

describe('rotation up-next push', () => {
  it('an opted-in player gets exactly one LINE push when they come up next; a player who did not opt in gets none', async () => {
    const { sessionId, players } = await checkedInSession(12, 'upn');
    const { board } = await admin<{ board: RotationAdminBoard }>('rotation/setup', {
      sessionId,
      courts: [1, 2],
      mode: 'doubles',
      rule: 'balanced',
    });
    // Two players at the back of the queue, in no coming game yet: one opts in, one does not.
    const waiting = board.players.filter((p) => !isUp(board, p.userId));
    expect(waiting.length).toBe(4);
    const optedIn = players.find((p) => p.userId === waiting[0]!.userId)!;
    const silent = players.find((p) => p.userId === waiting[1]!.userId)!;

    const on = await h.call<MemberBoard>(
      'checkState/rotation/notifyMe',
      { sessionId, on: true },
      { token: optedIn.token },
    );
    expect(on.status).toBe(200);
    expect(on.body.data!.me).toBe(board.players.find((p) => p.userId === optedIn.userId)!.playerId);
    expect(on.body.data!.notifyMe).toBe(true);
    // The opt-in is the player's own: the board view (names only) does not show it to others.
    expect(JSON.stringify(on.body.data!.board)).not.toContain('notify');
    const mine = await h.call<MemberBoard>('checkState/rotation/getBoard', { sessionId }, { token: optedIn.token });
    expect(mine.body.data!.notifyMe).toBe(true);
    const theirs = await h.call<MemberBoard>('checkState/rotation/getBoard', { sessionId }, { token: silent.token });
    expect(theirs.body.data!.notifyMe).toBe(false);
    // Opting in while not up queues nothing.
    expect((await pendingOutbox(h)).filter((r) => r.kind === 'rotationUpNext')).toHaveLength(0);

    // Six rounds on two courts: every player is up several times over.
    let last: RotationAdminBoard = board;
    let firstUpAt: number | null = null;
    for (let round = 0; round < 6; round++) {
      const court = (round % 2) + 1;
      if (last.courts.find((c) => c.court === court)!.game) {
        last = (await admin<{ board: RotationAdminBoard }>('rotation/finish', { sessionId, court })).board;
      }
      last = (await admin<{ board: RotationAdminBoard }>('rotation/startNext', { sessionId, court })).board;
      if (firstUpAt === null && isUp(last, optedIn.userId)) firstUpAt = round;
      await deliverUpNext();
    }
    expect(firstUpAt).not.toBeNull();
    expect(isUp(last, silent.userId) || last.players.find((p) => p.userId === silent.userId)!.gamesPlayed > 0).toBe(
      true,
    );

    const pushed = pushesTo(optedIn.sub);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.body.messages[0]!.altText).toMatch(/你下一場(在 \d 號場|：先空出的場)/);
    expect(pushesTo(silent.sub)).toHaveLength(0);
    expect(stub.pushes()).toHaveLength(1);

    // A redelivered record (the stream hands it over again) sends nothing more.
    const id = upNextOutboxId(sessionId, optedIn.userId);
    const record = await outboxItem(h, id);
    expect(record).toMatchObject({ kind: 'rotationUpNext', userId: optedIn.userId, status: 'delivered' });
    expect((await dispatcherOf(h, stub).deliver({ id })).status).toBe('notClaimed');
    expect(pushesTo(optedIn.sub)).toHaveLength(1);

    // Off and on again the same evening: still no second push.
    for (const flag of [false, true]) {
      const res = await h.call<MemberBoard>(
        'checkState/rotation/notifyMe',
        { sessionId, on: flag },
        { token: optedIn.token },
      );
      expect(res.body.data!.notifyMe).toBe(flag);
    }
    for (let round = 6; round < 10; round++) {
      const court = (round % 2) + 1;
      await admin('rotation/finish', { sessionId, court });
      await admin('rotation/startNext', { sessionId, court });
      await deliverUpNext();
    }
    expect(pushesTo(optedIn.sub)).toHaveLength(1);
  });

  it('startNext on a court starts the game promised to it; an override moves a told player, who is told again', async () => {
    const { sessionId, players } = await checkedInSession(12, 'promise');
    type Started = { game: RotationAdminBoard['next'][number]; board: RotationAdminBoard };
    const { board } = await admin<{ board: RotationAdminBoard }>('rotation/setup', {
      sessionId,
      courts: [1, 2],
      mode: 'doubles',
      rule: 'balanced',
    });
    const userIds = (game: { teams: { playerId: string }[][] }, b: RotationAdminBoard) =>
      game.teams
        .flat()
        .map((p) => b.players.find((x) => x.playerId === p.playerId)!.userId)
        .sort();
    expect(board.next.map((g) => g.court)).toEqual([1, 2]);
    const [forOne, forTwo] = board.next.map((g) => userIds(g, board));
    // A player of the court-2 game reads "court 2" on their own board.
    const shown = players.find((p) => p.userId === forTwo![0])!;
    const theirs = (await h.call<MemberBoard>('checkState/rotation/getBoard', { sessionId }, { token: shown.token }))
      .body.data!;
    expect(theirs.board.next.find((g) => g.teams.flat().some((p) => p.playerId === theirs.me))!.court).toBe(2);
    // One of the four in no coming game opts in.
    const waiter = players.find((p) => !isUp(board, p.userId))!;
    await h.call('checkState/rotation/notifyMe', { sessionId, on: true }, { token: waiter.token });

    // 開始下一場 on court 2 starts exactly the game promised to court 2; court 1's stays promised.
    const second = await admin<Started>('rotation/startNext', { sessionId, court: 2 });
    expect(second.game.court).toBe(2);
    expect(userIds(second.game, second.board)).toEqual(forTwo);
    expect(second.board.next[0]!.court).toBe(1);
    expect(userIds(second.board.next[0]!, second.board)).toEqual(forOne);
    // The waiter's game waits for the first court that frees: they are told so.
    expect(second.board.next[1]!.court).toBeNull();
    expect(userIds(second.board.next[1]!, second.board)).toContain(waiter.userId);
    const first = await admin<Started>('rotation/startNext', { sessionId, court: 1 });
    expect(userIds(first.game, first.board)).toEqual(forOne);
    await admin('rotation/finish', { sessionId, court: 1 });
    const freed = (await admin<{ board: RotationAdminBoard }>('rotation/finish', { sessionId, court: 2 })).board;
    expect(freed.next.map((g) => g.court)).toEqual([1, 2]);
    expect(userIds(freed.next[0]!, freed)).toContain(waiter.userId);

    // The admin starts the court-2 game on court 1 instead: the waiter's game moves to court 2 and they are told.
    const moved = await admin<Started>('rotation/startNext', { sessionId, court: 1, nextIndex: 1 });
    expect(userIds(moved.game, moved.board)).toEqual(userIds(freed.next[1]!, freed));
    expect(moved.board.next[0]!.court).toBe(2);
    expect(userIds(moved.board.next[0]!, moved.board)).toEqual(userIds(freed.next[0]!, freed));
    const last = await admin<Started>('rotation/startNext', { sessionId, court: 2 });
    expect(userIds(last.game, last.board)).toContain(waiter.userId);
    await deliverUpNext();
    const texts = pushesTo(waiter.sub).map((p) => p.body.messages[0]!.altText);
    // Both pushes are delivered together here (in outbox order): the first named no court, the second court 2.
    expect(texts).toHaveLength(2);
    expect(texts.filter((t) => /先空出的場/.test(t))).toHaveLength(1);
    expect(texts.filter((t) => /2 號場/.test(t))).toHaveLength(1);
    expect(await outboxItem(h, upNextOutboxId(sessionId, waiter.userId, 1))).toMatchObject({ kind: 'rotationUpNext' });
    // An index past the coming games is refused and changes nothing.
    const refused = await h.adminCall('rotation/startNext', { sessionId, court: 1, nextIndex: 2 }, { token });
    expect(refused.status).toBe(400);
  });

  it('refuses a player not on the board (403) and bad input (400), changing nothing', async () => {
    const { sessionId, players } = await checkedInSession(4, 'upx');
    await admin('rotation/setup', { sessionId, courts: [1], mode: 'doubles', rule: 'balanced' });
    const [outsider] = await h.players(1, 'upo');
    const before = await h.snapshot();

    const forbidden = await h.call('checkState/rotation/notifyMe', { sessionId, on: true }, { token: outsider!.token });
    expect(forbidden.status).toBe(403);
    for (const body of [
      { sessionId, on: 'yes' },
      { sessionId },
      { sessionId, on: true, extra: 1 },
      { sessionId: '', on: true },
    ]) {
      const res = await h.call<unknown>('checkState/rotation/notifyMe', body, { token: players[0]!.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    }
    expect(await h.snapshot()).toEqual(before);
  });
});
