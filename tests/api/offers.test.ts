import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { composeNotification } from '@shuttle/functions/notifications/messages.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

/**
 * Time-limited waitlist offers (docs/FAIR-SIGNUP.md) on DynamoDB Local: a freed place goes to
 * the head as `offered`, is accepted or declined, expires through the sign-up job and passes on
 * in order; a place is never offered to two players and an accept after the expiry is refused.
 */

let h: ApiHarness;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
beforeAll(async () => {
  h = await createApiHarness();
  team = await h.putTeam();
});
afterAll(() => h.close());

interface MyBooking {
  status: string;
  position: number | null;
  offerExpiresAt?: string | null;
}
const join = (token: string, sessionId: string) =>
  h.call<{ status: string }>('checkState/sessionList/joinSession', { sessionId }, { token });
const cancel = (token: string, sessionId: string) =>
  h.call<{ promoted: boolean }>('checkState/booked/cancelBooked', { sessionId }, { token });
const accept = (token: string, sessionId: string) =>
  h.call<{ status: string }>('checkState/booked/acceptOffer', { sessionId }, { token });
const decline = (token: string, sessionId: string) =>
  h.call<{ cancelled: boolean; promoted: boolean }>('checkState/booked/declineOffer', { sessionId }, { token });
const mine = async (token: string, sessionId: string) =>
  (await h.call<{ myBooking: MyBooking | null }>('checkState/sessionList/getDetail', { sessionId }, { token })).body
    .data!.myBooking;
const jobs = () => runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));

async function noticesOf(sessionId: string, kind: string) {
  const { Items } = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
    }),
  );
  return (Items ?? []).filter((i) => i.sessionId === sessionId && i.kind === kind);
}

/**
 * A capacity-1 session with offers of 30 minutes: A holds the place, the rest wait in order. No
 * quiet hours, so the clock runs at any hour (`npm run test:clock`); tests/api/offer-quiet-hours.test.ts has them.
 */
async function fullSession(prefix: string, waiting: number, startsInHours = 48) {
  const session = await h.putSession(team, { capacity: 1, waitlistOfferMinutes: 30, startsInHours, quietHours: null });
  const tokens = await Promise.all(Array.from({ length: waiting + 1 }, (_, i) => h.login(`${prefix}${i}`)));
  for (const token of tokens) await join(token, session.id);
  return { session, tokens };
}

describe('waitlist offers', () => {
  it('offers a freed place to the head until the expiry; the head accepts', async () => {
    const { session, tokens } = await fullSession('Uoffa', 2);
    const [a, b, c] = tokens as [string, string, string];
    expect((await cancel(a, session.id)).body.data!.promoted).toBe(true);
    const offer = await mine(b, session.id);
    const expiry = new Date(h.clock.now().getTime() + 30 * 60_000).toISOString();
    expect(offer).toMatchObject({ status: 'offered', offerExpiresAt: expiry });
    expect(await mine(c, session.id)).toMatchObject({ status: 'waiting', position: 1 });
    const { remaining } = (await expectSessionInvariants(h.store, session.id)).session;
    expect(remaining, 'the offered seat is not free').toBe(0);
    // A newcomer cannot take the held place.
    expect((await join(await h.login('UoffaNew'), session.id)).body.data!.status).toBe('waiting');
    expect(await noticesOf(session.id, 'offered')).toEqual([
      expect.objectContaining({ userId: 'line_Uoffa1', offerExpiresAt: expiry }),
    ]);

    expect((await accept(b, session.id)).body.data).toEqual({ sessionId: session.id, status: 'accepted' });
    expect((await accept(b, session.id)).body.data, 'a retry answers the same').toMatchObject({ status: 'accepted' });
    expect(await mine(b, session.id)).toMatchObject({ status: 'accepted' });
    await expectSessionInvariants(h.store, session.id);
    expect((await accept(c, session.id)).body.error).toBe('OFFER_NOT_FOUND');
  });

  it('a decline passes the offer to the next in order', async () => {
    const { session, tokens } = await fullSession('Uoffd', 2);
    const [a, b, c] = tokens as [string, string, string];
    await cancel(a, session.id);
    expect((await decline(b, session.id)).body.data).toMatchObject({ cancelled: true, promoted: true });
    expect(await mine(b, session.id)).toBeNull();
    expect(await mine(c, session.id)).toMatchObject({ status: 'offered' });
    await expectSessionInvariants(h.store, session.id);
  });

  it('expires through the sign-up job exactly once; an accept after the expiry is refused cleanly', async () => {
    const { session, tokens } = await fullSession('Uoffe', 2);
    const [a, b, c] = tokens as [string, string, string];
    await cancel(a, session.id);
    h.clock.advance(29 * 60_000);
    expect(await jobs()).toMatchObject({ expired: 0 });
    h.clock.advance(60_000);
    // Past the expiry the accept is refused even before the job ran.
    expect((await accept(b, session.id)).body.error).toBe('OFFER_EXPIRED');
    // Two runners at once (the job table is shared with the earlier tests' offers, so count this session's effects).
    await Promise.all([jobs(), jobs()]);
    const ended = (await expectSessionInvariants(h.store, session.id)).bookings.filter(
      (row) => row.cancelReason === 'offerExpired',
    );
    expect(ended.map((row) => row.userId)).toEqual(['line_Uoffe1']);
    expect((await accept(b, session.id)).body).toMatchObject({ error: 'OFFER_EXPIRED' });
    expect(await mine(c, session.id)).toMatchObject({ status: 'offered' });
    expect(await noticesOf(session.id, 'offered')).toHaveLength(2);
    await expectSessionInvariants(h.store, session.id);
    expect((await accept(c, session.id)).body.data).toMatchObject({ status: 'accepted' });
    await expectSessionInvariants(h.store, session.id);
  });

  it('two places freed at once go to two different players, each once', async () => {
    const session = await h.putSession(team, { capacity: 2, waitlistOfferMinutes: 30 });
    const tokens = await Promise.all(Array.from({ length: 5 }, (_, i) => h.login(`Uofft${i}`)));
    for (const token of tokens) await join(token, session.id);
    await Promise.all([cancel(tokens[0]!, session.id), cancel(tokens[1]!, session.id)]);
    const { offered, waitlist } = await expectSessionInvariants(h.store, session.id);
    expect(offered.map((b) => b.userId).sort()).toEqual(['line_Uofft2', 'line_Uofft3']);
    expect(waitlist.map((e) => e.userId)).toEqual(['line_Uofft4']);
    expect(await noticesOf(session.id, 'offered')).toHaveLength(2);
  });

  it('shrinks the offer to end 60 minutes before the start, and opens the place to everyone waiting inside that', async () => {
    // Accepted bookings cannot be cancelled this close; an admin removal frees the place instead.
    const { bookingEngine } = await import('@shuttle/functions/app/factories.ts');
    const engine = bookingEngine({ store: h.store, clock: h.clock, ids: randomId });
    // 66 minutes ahead: the 15-minute hold of the last 3 h is cut at the cutoff, 6 minutes away.
    const soon = await fullSession('Uoffs', 1, 1.1);
    await engine.cancel({ sessionId: soon.session.id, userId: 'line_Uoffs0', byAdmin: true });
    const cutoff = new Date(Date.parse(soon.session.startsAt) - 60 * 60_000).toISOString();
    expect(await mine(soon.tokens[1]!, soon.session.id)).toMatchObject({ status: 'offered', offerExpiresAt: cutoff });

    const late = await fullSession('Uoffl', 1, 0.75);
    await engine.cancel({ sessionId: late.session.id, userId: 'line_Uoffl0', byAdmin: true });
    // Last call (tests/api/last-call.test.ts): nobody is offered it, everyone waiting may take it.
    expect(await mine(late.tokens[1]!, late.session.id)).toMatchObject({ status: 'waiting' });
    expect((await expectSessionInvariants(h.store, late.session.id)).session.lastCallSeats).toBe(1);
    expect((await accept(late.tokens[1]!, late.session.id)).body.data).toMatchObject({ status: 'accepted' });
    await expectSessionInvariants(h.store, late.session.id);
  });

  it('the push names until when the place is held', () => {
    const message = composeNotification({
      kind: 'offered',
      language: 'en',
      session: {
        id: 's1',
        title: 'Evening',
        venue: 'Gym',
        startsAt: '2026-12-03T11:00:00.000Z',
        endsAt: '2026-12-03T13:00:00.000Z',
      },
      links: { line: 'https://x/line', email: 'https://x/web' },
      offerExpiresAt: '2026-12-02T10:30:00.000Z',
    });
    expect(message.title).toBe('A place is offered to you');
    expect(message.body).toContain('18:30');
  });
});
