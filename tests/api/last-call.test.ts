import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { bookingEngine } from '@shuttle/functions/app/factories.ts';
import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import type { BookingEngine } from '@shuttle/functions/bookings/engine.ts';
import { LAST_CALL_MINUTES, LAST_CALL_NOTICES } from '@shuttle/functions/bookings/last-call.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { describe, expect, it } from 'vitest';
import type { ApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';
import { dispatcherOf, withHarnessAndLineStub } from './notify/fixtures.ts';
import type { LineApiStub } from './notify/line-api-stub.ts';

/**
 * Last call (docs/FAIR-SIGNUP.md): with waitlist offers on, a place freed inside the final
 * LAST_CALL_MINUTES goes first come to everyone waiting at once, each told by a LINE push; the
 * first claim (`checkState/booked/acceptOffer`) wins, later ones get 409 PLACE_TAKEN and stay
 * waiting in order. Outside the window offers work as before.
 */

let h: ApiHarness;
let stub: LineApiStub;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
let engine: BookingEngine;
withHarnessAndLineStub(async (started, line) => {
  h = started;
  stub = line;
  team = await h.putTeam();
  engine = bookingEngine({ store: h.store, clock: h.clock, ids: randomId });
});

interface MyBooking {
  status: string;
  position: number | null;
}
const join = (token: string, sessionId: string, partySize = 1) =>
  h.call<{ status: string }>('checkState/sessionList/joinSession', { sessionId, partySize }, { token });
const claim = (token: string, sessionId: string) =>
  h.call<{ status: string }>('checkState/booked/acceptOffer', { sessionId }, { token });
const detail = async (token: string, sessionId: string) =>
  (
    await h.call<{ lastCallSeats?: number; remaining: number; myBooking: MyBooking | null }>(
      'checkState/sessionList/getDetail',
      { sessionId },
      { token },
    )
  ).body.data!;
/** Removal by an admin: accepted players cannot cancel this close to the start themselves. */
const remove = (sessionId: string, userId: string) => engine.cancel({ sessionId, userId, byAdmin: true });

async function pending(sessionId: string, kind: string) {
  const { Items } = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
    }),
  );
  return (Items ?? []).filter((i) => i.sessionId === sessionId && i.kind === kind) as { id: string; userId: string }[];
}

/** A session of `capacity` with offers of 30 minutes starting in `minutes`: the first players hold it, the rest wait. */
async function fullSession(prefix: string, players: number, minutes: number, capacity = 1) {
  const session = await h.putSession(team, {
    capacity,
    waitlistOfferMinutes: 30,
    startsInHours: minutes / 60,
    quietHours: null,
  });
  const tokens = await Promise.all(Array.from({ length: players }, (_, i) => h.login(`${prefix}${i}`)));
  for (const token of tokens) await join(token, session.id);
  return { session, tokens };
}

describe('last call: a place freed in the final window', () => {
  it('is the final 60 minutes, where offers stop', () => {
    expect(LAST_CALL_MINUTES).toBe(60);
  });

  it('30 minutes before the start: every waiting player is pushed, the first claim wins, the next gets 409, the rest wait in order', async () => {
    const { session, tokens } = await fullSession('Ulc', 4, 30);
    const [, b, c, d] = tokens as [string, string, string, string];
    await remove(session.id, 'line_Ulc0');

    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session.lastCallSeats, 'the place is open, not free and not held').toBe(1);
    expect(state.session.remaining).toBe(0);
    expect(state.offered).toEqual([]);
    expect(state.waitlist.map((e) => e.userId)).toEqual(['line_Ulc1', 'line_Ulc2', 'line_Ulc3']);
    expect(await detail(b, session.id)).toMatchObject({ lastCallSeats: 1, myBooking: { status: 'waiting' } });

    // Each waiting player's push, through the outbox, at the LINE capture.
    const notices = await pending(session.id, 'lastCall');
    expect(notices.map((n) => n.userId).sort()).toEqual(['line_Ulc1', 'line_Ulc2', 'line_Ulc3']);
    const dispatcher = dispatcherOf(h, stub);
    for (const notice of notices) expect(await dispatcher.deliver(notice)).toMatchObject({ status: 'delivered' });
    const pushes = stub.pushes().map((r) => r.body as { to: string; messages: { type: string; altText?: string }[] });
    expect(pushes.map((p) => p.to).sort()).toEqual(['Ulc1', 'Ulc2', 'Ulc3']);
    for (const push of pushes) {
      expect(push.messages.map((m) => m.type)).toEqual(['flex']);
      expect(push.messages[0]!.altText).toContain('先搶先得');
    }

    // The third in line is fastest: first claim wins; the head, later, is refused and keeps its place.
    expect((await claim(c, session.id)).body.data).toEqual({ sessionId: session.id, status: 'accepted' });
    const lost = await claim(b, session.id);
    expect(lost.status).toBe(409);
    expect(lost.body.error).toBe('PLACE_TAKEN');
    expect((await claim(c, session.id)).body.data, 'a retry answers the same').toMatchObject({ status: 'accepted' });

    const after = await expectSessionInvariants(h.store, session.id);
    expect(after.accepted.map((x) => x.userId)).toEqual(['line_Ulc2']);
    expect(after.waitlist.map((x) => x.userId)).toEqual(['line_Ulc1', 'line_Ulc3']);
    expect(after.session.lastCallSeats).toBe(0);
    expect(await detail(b, session.id)).toMatchObject({ myBooking: { status: 'waiting', position: 1 } });
    expect(await detail(d, session.id)).toMatchObject({ myBooking: { status: 'waiting', position: 2 } });
    expect((await detail(d, session.id)).lastCallSeats).toBeUndefined();
  });

  it('concurrent claims on one place: exactly one winner, every other claim 409, order kept', async () => {
    const { session, tokens } = await fullSession('Ulcr', 6, 30);
    await remove(session.id, 'line_Ulcr0');
    const answers = await Promise.all(tokens.slice(1).map((t) => claim(t, session.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(Array(4).fill('PLACE_TAKEN'));
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session.acceptedCount).toBe(1);
    const winner = state.accepted[0]!.userId;
    const order = ['line_Ulcr1', 'line_Ulcr2', 'line_Ulcr3', 'line_Ulcr4', 'line_Ulcr5'];
    expect(state.waitlist.map((e) => e.userId)).toEqual(order.filter((u) => u !== winner));
  });

  it('a party claims only when the whole party fits; the open seats stay for one that does', async () => {
    const session = await h.putSession(team, { capacity: 2, waitlistOfferMinutes: 30, startsInHours: 0.5 });
    const [a, b, pair, single] = await Promise.all(['Ulcp0', 'Ulcp1', 'Ulcp2', 'Ulcp3'].map((s) => h.login(s)));
    await join(a!, session.id);
    await join(b!, session.id);
    await join(pair!, session.id, 2);
    await join(single!, session.id);
    await remove(session.id, 'line_Ulcp0');
    const refused = await claim(pair!, session.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('PARTY_TOO_LARGE');
    await remove(session.id, 'line_Ulcp1');
    // Two seats open now: the pair, told twice, takes both; the single player has nothing left.
    expect((await claim(pair!, session.id)).body.data).toMatchObject({ status: 'accepted' });
    expect((await claim(single!, session.id)).body.error).toBe('PLACE_TAKEN');
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session.acceptedCount).toBe(2);
    expect(state.waitlist.map((e) => e.userId)).toEqual(['line_Ulcp3']);
  });

  it('open seats nobody is left to claim become free for anyone', async () => {
    const { session, tokens } = await fullSession('Ulce', 3, 30, 2);
    await remove(session.id, 'line_Ulce0');
    await remove(session.id, 'line_Ulce1');
    // The only waiting player takes one of two open seats; the other is free again.
    expect((await claim(tokens[2]!, session.id)).body.data).toMatchObject({ status: 'accepted' });
    let state = await expectSessionInvariants(h.store, session.id);
    expect(state.session).toMatchObject({ lastCallSeats: 0, remaining: 1, waitlist: [] });

    // A last waiting player who leaves gives the open seats back the same way.
    const more = await fullSession('Ulcl', 2, 30);
    await remove(more.session.id, 'line_Ulcl0');
    await h.call('checkState/booked/cancelBooked', { sessionId: more.session.id }, { token: more.tokens[1] });
    state = await expectSessionInvariants(h.store, more.session.id);
    expect(state.session).toMatchObject({ lastCallSeats: 0, remaining: 1, waitlist: [] });
  });

  it('a place freed when nobody is waiting is simply free, as today', async () => {
    const { session } = await fullSession('Ulcn', 1, 30);
    await remove(session.id, 'line_Ulcn0');
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session.remaining).toBe(1);
    expect(state.session.lastCallSeats ?? 0).toBe(0);
    expect(await pending(session.id, 'lastCall')).toEqual([]);
  });

  it('an offer still held when the window starts expires then, and its place opens to everyone still waiting', async () => {
    const start = h.clock.now();
    const { session, tokens } = await fullSession('Ulco', 4, 90);
    await remove(session.id, 'line_Ulco0');
    expect(await detail(tokens[1]!, session.id)).toMatchObject({ myBooking: { status: 'offered' } });
    h.clock.advance(30 * 60_000);
    // At the window's start the offer has run out: accepting it is refused, the job ends it.
    expect((await claim(tokens[1]!, session.id)).body.error).toBe('OFFER_EXPIRED');
    await runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.session.lastCallSeats).toBe(1);
    expect(state.waitlist.map((e) => e.userId)).toEqual(['line_Ulco2', 'line_Ulco3']);
    expect((await pending(session.id, 'lastCall')).map((n) => n.userId).sort()).toEqual(['line_Ulco2', 'line_Ulco3']);
    expect((await claim(tokens[3]!, session.id)).body.data).toMatchObject({ status: 'accepted' });
    h.clock.set(start);
  });

  it('past the first 90 waiting, the sign-up job tells the rest, each once, even with two runners', async () => {
    const session = await h.putSession(team, { capacity: 1, waitlistOfferMinutes: 30, startsInHours: 0.5 });
    const userIds = Array.from({ length: 96 }, (_, i) => `line_Ulcmany${i}`);
    for (const userId of userIds) {
      await engine.join({ sessionId: session.id, partySize: 1, player: { userId, name: userId, pictureUrl: '' } });
    }
    await remove(session.id, userIds[0]!);
    expect(await pending(session.id, 'lastCall')).toHaveLength(LAST_CALL_NOTICES);
    const jobs = () => runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
    await Promise.all([jobs(), jobs()]);
    await jobs();
    const told = await pending(session.id, 'lastCall');
    expect(told.map((n) => n.userId).sort()).toEqual(userIds.slice(1).sort());
    await expectSessionInvariants(h.store, session.id);
  });

  it('outside the final window the place is offered to the head as before', async () => {
    const { session, tokens } = await fullSession('Ulcw', 3, 180);
    await remove(session.id, 'line_Ulcw0');
    expect(await detail(tokens[1]!, session.id)).toMatchObject({ myBooking: { status: 'offered' } });
    expect((await detail(tokens[2]!, session.id)).lastCallSeats).toBeUndefined();
    expect(await pending(session.id, 'lastCall')).toEqual([]);
    // A waiting player has nothing to take outside a last call.
    expect((await claim(tokens[2]!, session.id)).body.error).toBe('OFFER_NOT_FOUND');
  });

  it('with offers off a place freed in the final hour still promotes the head at once', async () => {
    const session = await h.putSession(team, { capacity: 1, startsInHours: 0.5 });
    const tokens = await Promise.all(['Ulcf0', 'Ulcf1', 'Ulcf2'].map((s) => h.login(s)));
    for (const token of tokens) await join(token, session.id);
    await remove(session.id, 'line_Ulcf0');
    expect(await detail(tokens[1]!, session.id)).toMatchObject({ myBooking: { status: 'accepted' } });
    expect(await pending(session.id, 'lastCall')).toEqual([]);
  });
});
