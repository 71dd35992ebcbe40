import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fault, injectFaults } from '../support/faults.ts';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants, readSessionState } from '../support/invariants.ts';

let h: ApiHarness;
let plan: (command: string) => Fault | null = () => null;
let stats: { conflict: number; throttle: number };

beforeAll(async () => {
  h = await createApiHarness({
    retry: { attempts: 30, baseDelayMs: 2, maxDelayMs: 40 },
    wrapStore: (store) => {
      stats = injectFaults(store, (command) => plan(command));
    },
  });
});
afterAll(() => h.close());

/** Fails the first `n` calls of one command with the given fault, then lets everything through. */
function failFirst(n: number, command: string, fault: Fault) {
  let left = n;
  plan = (c) => (c === command && left-- > 0 ? fault : null);
}

const join = (token: string, sessionId: string) =>
  h.call<{ status: string }>('checkState/sessionList/joinSession', { sessionId }, { token });

describe('transaction conflicts and throttling', () => {
  it('a join survives repeated TransactionConflict and books exactly once', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 3 });
    const token = await h.login('Ufault1');
    const before = stats.conflict;
    failFirst(5, 'TransactWriteItemsCommand', 'conflict');
    const res = await join(token, session.id);
    expect(res.status).toBe(200);
    expect(res.body.data!.status).toBe('accepted');
    expect(stats.conflict - before).toBe(5);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted.map((b) => b.userId)).toEqual(['line_Ufault1']);
  });

  it('a join survives throttled reads and writes', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 3 });
    const token = await h.login('Ufault2');
    let n = 0;
    plan = (c) => ((c === 'GetItemCommand' || c === 'TransactWriteItemsCommand') && n++ < 4 ? 'throttle' : null);
    const before = stats.throttle;
    const res = await join(token, session.id);
    expect(res.status).toBe(200);
    expect(stats.throttle - before).toBe(4);
    await expectSessionInvariants(h.store, session.id);
  });

  it("gives up after the bounded budget with 'Booking failed, please try again later' and writes nothing", async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team);
    const token = await h.login('Ufault3');
    plan = (c) => (c === 'TransactWriteItemsCommand' ? 'conflict' : null);
    const before = stats.conflict;
    const res = await join(token, session.id);
    plan = () => null;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      error: 'BOOKING_FAILED',
      message: 'Booking failed, please try again later',
    });
    expect(stats.conflict - before).toBeGreaterThanOrEqual(30);
    expect(stats.conflict - before).toBeLessThanOrEqual(60);
    const state = await readSessionState(h.store, session.id);
    expect(state.bookings).toEqual([]);
    expect(state.session.acceptedCount).toBe(0);
  });

  it('a cancel under conflicts promotes the head exactly once', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1 });
    const [a, b, c] = await Promise.all(['Ufc1', 'Ufc2', 'Ufc3'].map((s) => h.login(s)));
    for (const t of [a, b, c]) await join(t!, session.id);
    const before = stats.conflict;
    failFirst(4, 'TransactWriteItemsCommand', 'conflict');
    const res = await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: a });
    expect(res.status).toBe(200);
    expect(stats.conflict - before).toBe(4);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted.map((x) => x.userId)).toEqual(['line_Ufc2']);
    expect(state.waitlist.map((x) => x.userId)).toEqual(['line_Ufc3']);
  });

  it('60 concurrent joins with 30% of writes conflicting or throttled: invariants hold, no 5xx', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 10 });
    const tokens = await Promise.all(Array.from({ length: 60 }, (_, i) => h.login(`Uchaos${i}`)));
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    plan = (c) => {
      if (c !== 'TransactWriteItemsCommand' && c !== 'GetItemCommand') return null;
      const r = random();
      return r < 0.2 ? 'conflict' : r < 0.3 ? 'throttle' : null;
    };
    const before = stats.conflict + stats.throttle;
    const results = await Promise.all(tokens.map((t) => join(t, session.id)));
    plan = () => null;
    expect(stats.conflict + stats.throttle - before).toBeGreaterThan(20);
    expect(results.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted).toHaveLength(10);
    expect(state.waitlist).toHaveLength(50);
  });
});

describe('DynamoDB calls per reservation', () => {
  it('a join costs two calls whether it takes a place or a waitlist spot', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1 });
    const [a, b] = await Promise.all([h.login('Ubudget1'), h.login('Ubudget2')]);
    for (const token of [a!, b!]) {
      const calls: string[] = [];
      plan = (c) => {
        calls.push(c);
        return null;
      };
      expect((await join(token, session.id)).status).toBe(200);
      plan = () => null;
      expect(calls).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
    }
  });

  it('a join that loses the last seat to another player costs three', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1 });
    const [a, b] = await Promise.all([h.login('Ubudget3'), h.login('Ubudget4')]);
    const calls: string[] = [];
    let sneaked = false;
    plan = (c) => {
      calls.push(c);
      return null;
    };
    // Another player takes the seat between this join's read and its write.
    h.store.doc.middlewareStack.add(
      (next, context) => async (args) => {
        if (!sneaked && context.commandName === 'TransactWriteItemsCommand') {
          sneaked = true;
          plan = () => null;
          await join(a!, session.id);
          plan = (c) => {
            calls.push(c);
            return null;
          };
        }
        return next(args);
      },
      { step: 'initialize', name: 'sneakIn', priority: 'low' },
    );
    const res = await join(b!, session.id);
    plan = () => null;
    h.store.doc.middlewareStack.remove('sneakIn');
    expect(res.body.data!.status).toBe('waiting');
    expect(calls).toEqual(['GetItemCommand', 'TransactWriteItemsCommand', 'TransactWriteItemsCommand']);
    await expectSessionInvariants(h.store, session.id);
  });
});

describe('an answer lost after the transaction committed', () => {
  it('is retried with the same ClientRequestToken: the player gets the success, the head is promoted once', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1 });
    const [a, b, c] = await Promise.all(['Ulost1', 'Ulost2', 'Ulost3'].map((s) => h.login(s)));
    for (const t of [a, b, c]) await join(t!, session.id);
    let lose = 1;
    const tokens: string[] = [];
    h.store.doc.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
        tokens.push(String((args.input as { ClientRequestToken?: string }).ClientRequestToken));
        const result = await next(args);
        if (lose-- > 0)
          throw Object.assign(new Error('connection reset after commit'), {
            name: 'InternalServerError',
            $metadata: {},
          });
        return result;
      },
      { step: 'initialize', name: 'loseAnswer' },
    );
    const res = await h.call<{ promoted: boolean }>(
      'checkState/booked/cancelBooked',
      { sessionId: session.id },
      { token: a },
    );
    h.store.doc.middlewareStack.remove('loseAnswer');
    expect(res.status).toBe(200);
    expect(res.body.data!.promoted).toBe(true);
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).toBe(tokens[0]);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted.map((x) => x.userId)).toEqual(['line_Ulost2']);
    expect(state.waitlist.map((x) => x.userId)).toEqual(['line_Ulost3']);
  });
});

describe('fair sign-up under faults (docs/FAIR-SIGNUP.md)', () => {
  const jobs = async () => {
    const { runSignupJobs } = await import('@shuttle/functions/bookings/sign-up-jobs.ts');
    return runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID() }));
  };
  /** Fails the answer of the next `n` transactions after they committed, with `name` (transient or not). */
  function loseAnswers(n: number, name: string) {
    let left = n;
    h.store.doc.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'TransactWriteItemsCommand' && left-- > 0) {
          throw Object.assign(new Error('answer lost after commit'), { name, $metadata: {} });
        }
        return result;
      },
      { step: 'initialize', name: 'loseAnswers' },
    );
    return () => h.store.doc.middlewareStack.remove('loseAnswers');
  }

  it('a draw whose runner dies after the commit is finished by the next run, each result told once', async () => {
    const team = await h.putTeam();
    const start = h.clock.now();
    const session = await h.putSession(team, {
      capacity: 2,
      signupMode: 'lottery',
      lotteryMinutes: 1,
      signupOpensAt: start.toISOString(),
    });
    const tokens = await Promise.all(['Udraw1', 'Udraw2', 'Udraw3'].map((s) => h.login(s)));
    for (const t of tokens) expect((await join(t, session.id)).body.data!.status).toBe('entered');
    h.clock.advance(61_000);
    // Not a transient error: the runner gives up with the draw committed and no row settled.
    const restore = loseAnswers(1, 'ValidationException');
    await expect(jobs()).rejects.toThrow('answer lost after commit');
    restore();
    const mid = await readSessionState(h.store, session.id);
    expect(mid.session.lotteryDrawnAt).toBeDefined();
    expect(mid.bookings.every((b) => b.status === 'entered')).toBe(true);
    // What players see already follows the session item.
    await expectSessionInvariants(h.store, session.id);

    failFirst(3, 'TransactWriteItemsCommand', 'conflict');
    expect(await jobs()).toMatchObject({ draws: 0, settled: 3 });
    plan = () => null;
    expect(await jobs()).toMatchObject({ draws: 0, settled: 0 });
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted).toHaveLength(2);
    expect(state.waitlist).toHaveLength(1);
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { Items } = await h.store.doc.send(
      new QueryCommand({
        TableName: h.store.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
      }),
    );
    expect((Items ?? []).filter((o) => o.sessionId === session.id && o.reason === 'lotteryDrawn')).toHaveLength(2);
    h.clock.set(start);
  });

  it('an accepted offer whose answer was lost is answered the same on retry, the seat counted once', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1, waitlistOfferMinutes: 30 });
    const [a, b] = await Promise.all(['Uoffer1', 'Uoffer2'].map((s) => h.login(s)));
    await join(a!, session.id);
    await join(b!, session.id);
    await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: a });
    const restore = loseAnswers(1, 'ValidationException');
    const lost = await h.call('checkState/booked/acceptOffer', { sessionId: session.id }, { token: b });
    restore();
    expect(lost.status).toBe(500);
    const retry = await h.call<{ status: string }>(
      'checkState/booked/acceptOffer',
      { sessionId: session.id },
      { token: b },
    );
    expect(retry.body.data).toMatchObject({ status: 'accepted' });
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session.acceptedCount).toBe(1);
    expect(state.accepted.map((x) => x.userId)).toEqual(['line_Uoffer2']);
  });

  it('a last-call claim whose answer was lost is answered the same on retry: one seat, the others still waiting', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1, waitlistOfferMinutes: 30, startsInHours: 0.5 });
    const tokens = await Promise.all(['Ulast1', 'Ulast2', 'Ulast3', 'Ulast4'].map((s) => h.login(s)));
    for (const t of tokens) await join(t, session.id);
    const { bookingEngine } = await import('@shuttle/functions/app/factories.ts');
    const engine = bookingEngine({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID() });
    await engine.cancel({ sessionId: session.id, userId: 'line_Ulast1', byAdmin: true });
    expect((await readSessionState(h.store, session.id)).session.lastCallSeats).toBe(1);

    const restore = loseAnswers(1, 'ValidationException');
    const lost = await h.call('checkState/booked/acceptOffer', { sessionId: session.id }, { token: tokens[2] });
    restore();
    expect(lost.status).toBe(500);
    const retry = await h.call<{ status: string }>(
      'checkState/booked/acceptOffer',
      { sessionId: session.id },
      { token: tokens[2] },
    );
    expect(retry.body.data).toMatchObject({ status: 'accepted' });
    const other = await h.call('checkState/booked/acceptOffer', { sessionId: session.id }, { token: tokens[1] });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('PLACE_TAKEN');
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session).toMatchObject({ acceptedCount: 1, lastCallSeats: 0, remaining: 0 });
    expect(state.accepted.map((x) => x.userId)).toEqual(['line_Ulast3']);
    expect(state.waitlist.map((x) => x.userId)).toEqual(['line_Ulast2', 'line_Ulast4']);
  });

  it('an offer made in quiet hours: jobs in the night expire nothing; the 08:30 expiry whose answer is lost ends it once, the next offered once', async () => {
    const start = h.clock.now();
    h.clock.set(new Date('2026-12-01T23:30:00+08:00'));
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1, waitlistOfferMinutes: 30 });
    const tokens = await Promise.all(['Uqf1', 'Uqf2', 'Uqf3'].map((s) => h.login(s)));
    for (const t of tokens) await join(t, session.id);
    const { bookingEngine } = await import('@shuttle/functions/app/factories.ts');
    const engine = bookingEngine({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID() });
    await engine.cancel({ sessionId: session.id, userId: 'line_Uqf1', byAdmin: true });
    h.clock.set(new Date('2026-12-02T07:59:00+08:00'));
    await Promise.all([jobs(), jobs()]);
    expect((await expectSessionInvariants(h.store, session.id)).offered.map((b) => b.userId)).toEqual(['line_Uqf2']);

    h.clock.set(new Date('2026-12-02T08:30:00+08:00'));
    const restore = loseAnswers(1, 'ValidationException');
    await jobs().catch(() => undefined);
    restore();
    await Promise.all([jobs(), jobs()]);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.offered.map((b) => ({ userId: b.userId, until: b.offerExpiresAt }))).toEqual([
      { userId: 'line_Uqf3', until: new Date('2026-12-02T09:00:00+08:00').toISOString() },
    ]);
    expect(state.bookings.find((b) => b.userId === 'line_Uqf2')).toMatchObject({ cancelReason: 'offerExpired' });
    h.clock.set(start);
  });

  it('a last-call claim whose commit answer is lost transiently is retried with the same token: one seat', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1, waitlistOfferMinutes: 30, startsInHours: 0.5 });
    const tokens = await Promise.all(['Ulastt1', 'Ulastt2', 'Ulastt3'].map((s) => h.login(s)));
    for (const t of tokens) await join(t, session.id);
    const { bookingEngine } = await import('@shuttle/functions/app/factories.ts');
    const engine = bookingEngine({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID() });
    await engine.cancel({ sessionId: session.id, userId: 'line_Ulastt1', byAdmin: true });
    const restore = loseAnswers(1, 'InternalServerError');
    const res = await h.call<{ status: string }>(
      'checkState/booked/acceptOffer',
      { sessionId: session.id },
      { token: tokens[2] },
    );
    restore();
    expect(res.body.data).toMatchObject({ status: 'accepted' });
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session).toMatchObject({ acceptedCount: 1, lastCallSeats: 0 });
    expect(state.accepted.map((x) => x.userId)).toEqual(['line_Ulastt3']);
    expect(state.waitlist.map((x) => x.userId)).toEqual(['line_Ulastt2']);
  });
});

describe('at the door under faults (docs/ON-COURT.md, "At the door")', () => {
  /** The booking engine on the harness's fault-injected store, as the admin API builds it. */
  const doorEngine = async () => {
    const { bookingEngine } = await import('@shuttle/functions/app/factories.ts');
    return bookingEngine({
      store: h.store,
      clock: h.clock,
      ids: () => crypto.randomUUID(),
      retry: { attempts: 30, baseDelayMs: 2, maxDelayMs: 40 },
    });
  };
  /** Loses the answer of the next `n` transactions after they committed. */
  function loseAnswers(n: number) {
    let left = n;
    h.store.doc.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'TransactWriteItemsCommand' && left-- > 0)
          throw Object.assign(new Error('answer lost after commit'), { name: 'ValidationException', $metadata: {} });
        return result;
      },
      { step: 'initialize', name: 'loseDoorAnswers' },
    );
    return () => h.store.doc.middlewareStack.remove('loseDoorAnswers');
  }

  it('a check-in taken back under conflicts unmarks the player once; the place and the count stay', async () => {
    const engine = await doorEngine();
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 2 });
    const token = await h.login('Udoor1');
    await join(token, session.id);
    await engine.checkIn(session.id, 'line_Udoor1', 'attended');
    const before = stats.conflict;
    failFirst(4, 'TransactWriteItemsCommand', 'conflict');
    await engine.checkIn(session.id, 'line_Udoor1', null);
    expect(stats.conflict - before).toBe(4);
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.accepted).toHaveLength(1);
    expect(state.accepted[0]).toMatchObject({ userId: 'line_Udoor1', attendance: null });
    expect(state.accepted[0]!.checkedInAt).toBeUndefined();
    expect(state.session.acceptedCount).toBe(1);
  });

  it('a waiting player moved up whose answer was lost is answered the same on retry: the capacity grows once', async () => {
    const engine = await doorEngine();
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1 });
    const [a, b] = await Promise.all(['Udoor2', 'Udoor3'].map((s) => h.login(s)));
    await join(a!, session.id);
    await join(b!, session.id);
    const request = {
      sessionId: session.id,
      userId: 'line_Udoor3',
      checkIn: true,
      promotedBy: 'admin_faults',
      idempotencyScope: 'admin_faults',
      idempotencyKey: crypto.randomUUID(),
    };
    const restore = loseAnswers(1);
    await expect(engine.promote(request)).rejects.toThrow();
    restore();
    const retry = await engine.promote(request);
    expect(retry).toMatchObject({ status: 'accepted', attendance: 'attended', capacityRaised: 1 });
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session.capacity).toBe(2);
    expect(state.session.acceptedCount).toBe(2);
    expect(state.waitlist).toEqual([]);
  });

  it('a walk-in raising the limit under conflicts and throttling takes one more place, once', async () => {
    const engine = await doorEngine();
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: 1 });
    await join(await h.login('Udoor4'), session.id);
    let n = 0;
    plan = (c) => (c === 'TransactWriteItemsCommand' && n++ < 4 ? (n % 2 ? 'conflict' : 'throttle') : null);
    const request = {
      sessionId: session.id,
      player: { userId: 'guest_door5', name: '路人', pictureUrl: '' },
      addedBy: 'admin_faults',
      idempotencyScope: 'admin_faults',
      idempotencyKey: crypto.randomUUID(),
      raiseCapacity: true,
    };
    expect(await engine.addWalkIn(request)).toMatchObject({ status: 'accepted', capacityRaised: true });
    plan = () => null;
    expect(await engine.addWalkIn(request)).toMatchObject({ capacityRaised: true });
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session.capacity).toBe(2);
    expect(state.accepted.map((x) => x.userId).sort()).toEqual(['guest_door5', 'line_Udoor4']);
  });
});
