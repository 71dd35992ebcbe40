import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants, readSessionState } from '../support/invariants.ts';

/**
 * The opening lottery (docs/FAIR-SIGNUP.md) through the member API on DynamoDB Local: entries,
 * the published seed hash, the draw by the sign-up job (exactly once), and the order anyone can
 * recompute from the seed and the entries with the documented algorithm, re-implemented here.
 */

let h: ApiHarness;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
beforeAll(async () => {
  h = await createApiHarness();
  team = await h.putTeam();
});
afterAll(() => h.close());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface LotteryView {
  drawAt: string;
  seedHash: string;
  seed: string | null;
  drawnAt: string | null;
  entries: { ticket: string; partySize: number }[];
  order: string[];
  entryCount: number;
  myTicket?: string | null;
}
interface Detail {
  signupMode: string;
  lottery?: LotteryView;
  myBooking: { status: string; position: number | null } | null;
  acceptedCount: number;
  waitingCount: number;
  remaining: number;
}
interface Participant {
  name: string;
  position: number | null;
}
interface Members {
  accepted: Participant[];
  waiting: Participant[];
  entered?: Participant[];
}

const join = (token: string, sessionId: string, partySize = 1) =>
  h.call<{ status: string; position?: number }>(
    'checkState/sessionList/joinSession',
    { sessionId, partySize },
    { token },
  );
const detail = (sessionId: string, token?: string) =>
  h.call<Detail>(token ? 'checkState/sessionList/getDetail' : 'withoutAuth/getDetail', { sessionId }, { token });
/** The list as a signed-in player sees it (a visitor sees counts only: docs/PRIVACY.md); a fresh login, as tests move the clock. */
const members = async (sessionId: string) =>
  h.call<Members>(
    'checkState/sessionList/getMemberList',
    { sessionId },
    { token: await h.login('Ulistviewer', '看名單') },
  );
const jobs = () => runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
const advance = (ms: number) => h.clock.set(new Date(h.clock.now().getTime() + ms));

/** A lottery session whose 1-minute window opens now. */
const lotterySession = (capacity: number) =>
  h.putSession(team, {
    capacity,
    signupMode: 'lottery',
    lotteryMinutes: 1,
    signupOpensAt: h.clock.now().toISOString(),
  });

async function lotteryNotices(sessionId: string) {
  const { Items } = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
    }),
  );
  return (Items ?? []).filter((i) => i.sessionId === sessionId && i.reason === 'lotteryDrawn');
}

describe('a lottery session with a 1-minute window', () => {
  it('answers entered, shows the seed hash, draws once: 5 seated, 7 waiting in the recomputable order', async () => {
    const session = await lotterySession(5);
    const names = Array.from({ length: 12 }, (_, i) => `Ulot${String(i).padStart(2, '0')}`);
    const tokens = await Promise.all(names.map((n) => h.login(n)));

    const before = (await detail(session.id)).body.data!;
    expect(before.signupMode).toBe('lottery');
    expect(before.lottery).toMatchObject({ seed: null, drawnAt: null, entries: [], order: [], entryCount: 0 });
    expect(before.lottery!.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.lottery!.drawAt).toBe(new Date(Date.parse(session.signupOpensAt) + 60_000).toISOString());

    for (const token of tokens) {
      advance(1_000);
      const res = await join(token, session.id);
      expect(res.status).toBe(200);
      expect(res.body.data!.status).toBe('entered');
    }
    const mine = (await detail(session.id, tokens[3])).body.data!;
    expect(mine.myBooking).toMatchObject({ status: 'entered', position: null });
    expect(mine).toMatchObject({ acceptedCount: 0, waitingCount: 0, remaining: 5 });
    // The number of entries is public before the draw (issue 22): a visitor sees 12, not "0 / 5".
    expect((await detail(session.id)).body.data!.lottery!.entryCount).toBe(12);
    expect((await members(session.id)).body.data!.entered!.map((p) => p.name)).toEqual(names);
    // Nothing is drawn before the window closes.
    expect(await jobs()).toEqual({ draws: 0, settled: 0, expired: 0, told: 0 });

    advance(60_000);
    expect(await jobs()).toEqual({ draws: 1, settled: 12, expired: 0, told: 0 });
    expect(await jobs()).toEqual({ draws: 0, settled: 0, expired: 0, told: 0 });

    const after = (await detail(session.id)).body.data!;
    const lottery = after.lottery!;
    expect(lottery.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(lottery.seed!)).toBe(before.lottery!.seedHash);
    expect(lottery.seedHash).toBe(before.lottery!.seedHash);
    expect(after).toMatchObject({ acceptedCount: 5, waitingCount: 7, remaining: 0 });
    expect(lottery.entryCount).toBe(12);

    // Anyone can recompute: tickets of the entries in arrival order, sorted by SHA-256(seed:ticket).
    const tickets = names.map((n) => sha256(`${session.id}:line_${n}`).slice(0, 16));
    expect(lottery.entries).toEqual(tickets.map((ticket) => ({ ticket, partySize: 1 })));
    const recomputed = [...tickets].sort((a, b) =>
      sha256(`${lottery.seed}:${a}`).localeCompare(sha256(`${lottery.seed}:${b}`)),
    );
    expect(lottery.order).toEqual(recomputed);
    const ticketOfName = new Map(names.map((n, i) => [n, tickets[i]!]));

    const list = (await members(session.id)).body.data!;
    expect(list.accepted.map((p) => ticketOfName.get(p.name)).sort()).toEqual(recomputed.slice(0, 5).sort());
    expect(list.waiting.map((p) => ticketOfName.get(p.name))).toEqual(recomputed.slice(5));
    expect(list.waiting.map((p) => p.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(list.entered).toBeUndefined();

    const { bookings } = await expectSessionInvariants(h.store, session.id);
    expect(bookings.filter((b) => b.status === 'entered')).toEqual([]);
    expect(await lotteryNotices(session.id)).toHaveLength(5);
    const own = (await detail(session.id, tokens[0])).body.data!;
    expect(own.lottery!.myTicket).toBe(tickets[0]);
  });

  it('draws exactly once under concurrent runners and a join that arrives after the window', async () => {
    const session = await lotterySession(3);
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => h.login(`Urace${i}`)));
    for (const token of tokens.slice(0, 7)) expect((await join(token, session.id)).body.data!.status).toBe('entered');
    advance(61_000);
    const late = join(tokens[7]!, session.id);
    const runs = await Promise.all([jobs(), jobs(), jobs()]);
    const lateAnswer = await late;
    expect(runs.reduce((n, r) => n + r.draws, 0)).toBeLessThanOrEqual(1);
    await jobs();
    const { session: stored, waitlist } = await expectSessionInvariants(h.store, session.id);
    expect(stored.lotteryDrawnAt).toBeDefined();
    // The late join is first come behind the drawn ones.
    expect(lateAnswer.body.data).toMatchObject({ status: 'waiting', position: 5 });
    expect(waitlist.at(-1)!.userId).toBe('line_Urace7');
    expect(stored.acceptedCount).toBe(3);
    expect(await lotteryNotices(session.id)).toHaveLength(3);
  });

  it('lets an entrant leave before the draw; the entry is gone from the draw', async () => {
    const session = await lotterySession(2);
    const [a, b] = await Promise.all([h.login('Uleave1'), h.login('Uleave2')]);
    await join(a!, session.id);
    await join(b!, session.id);
    const cancel = await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: a });
    expect(cancel.status).toBe(200);
    expect((await readSessionState(h.store, session.id)).session.lotteryEntries).toEqual(['line_Uleave2*1']);
    expect((await detail(session.id)).body.data!.lottery!.entryCount).toBe(1);
    advance(61_000);
    await jobs();
    const after = (await detail(session.id)).body.data!;
    expect(after.lottery!.entries).toHaveLength(1);
    expect(after.acceptedCount).toBe(1);
  });

  it('seats a drawn party of 2 in a capacity-2 session', async () => {
    const session = await lotterySession(2);
    const token = await h.login('Uparty');
    expect((await join(token, session.id, 2)).body.data!.status).toBe('entered');
    advance(61_000);
    await jobs();
    expect((await detail(session.id, token)).body.data!).toMatchObject({
      acceptedCount: 2,
      remaining: 0,
      myBooking: { status: 'accepted' },
    });
  });
});

describe('guests', () => {
  it('a party of 2 takes both places of a capacity-2 session', async () => {
    const session = await h.putSession(team, { capacity: 2 });
    const [host, other] = await Promise.all([h.login('Uguest1'), h.login('Uguest2')]);
    expect((await join(host!, session.id, 2)).body.data).toMatchObject({ status: 'accepted' });
    expect((await join(other!, session.id)).body.data).toEqual({
      sessionId: session.id,
      status: 'waiting',
      position: 1,
    });
    const list = (await members(session.id)).body.data!;
    expect(list.accepted).toEqual([expect.objectContaining({ name: 'Uguest1', partySize: 2 })]);
    await expectSessionInvariants(h.store, session.id);
  });

  it('refuses a party over 3 and writes nothing', async () => {
    const session = await h.putSession(team, { capacity: 5 });
    const res = await join(await h.login('Uguest4'), session.id, 4);
    expect(res.status).toBe(400);
    expect((await readSessionState(h.store, session.id)).bookings).toEqual([]);
  });
});
