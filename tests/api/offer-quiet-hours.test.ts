import { bookingEngine } from '@shuttle/functions/app/factories.ts';
import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import type { TeamRecord } from '@shuttle/functions/teams/repository.ts';
import { describe, expect, it } from 'vitest';
import type { ApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';
import { dispatcherOf, outboxItem, pendingOutbox, withHarnessAndLineStub } from './notify/fixtures.ts';
import type { LineApiStub } from './notify/line-api-stub.ts';

/**
 * Kinder offers (docs/FAIR-SIGNUP.md, "Quiet hours and shorter holds", "Last call") on DynamoDB
 * Local: quiet hours pause an offer's clock, the hold shrinks as the start nears, and a last call
 * in a bound group is one group message mentioning the waiting players. The clock is set to
 * Taipei wall times, so nothing depends on when the tests run.
 */

let h: ApiHarness;
let stub: LineApiStub;
withHarnessAndLineStub((started, line) => {
  h = started;
  stub = line;
});

const tp = (local: string) => new Date(`${local}+08:00`);
const iso = (local: string) => tp(local).toISOString();

interface MyBooking {
  status: string;
  offerExpiresAt?: string | null;
}
const join = (token: string, sessionId: string) =>
  h.call<{ status: string }>('checkState/sessionList/joinSession', { sessionId }, { token });
/** A player's call at the clock's time, signed in then (a token from hours before has expired). */
const accept = async (sub: string, sessionId: string) =>
  h.call<{ status: string }>('checkState/booked/acceptOffer', { sessionId }, { token: await h.login(sub) });
const mine = async (sub: string, sessionId: string) =>
  (
    await h.call<{ myBooking: MyBooking | null }>(
      'checkState/sessionList/getDetail',
      { sessionId },
      { token: await h.login(sub) },
    )
  ).body.data!.myBooking;
const jobs = () => runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
const engine = () => bookingEngine({ store: h.store, clock: h.clock, ids: randomId });

/** At Taipei wall time `at`: a capacity-1 session `startsInHours` ahead, held by the first player, the rest waiting. */
async function fullSession(
  team: TeamRecord,
  prefix: string,
  players: number,
  options: { startsInHours: number; offerMinutes: number; quietHours?: null },
) {
  const session = await h.putSession(team, {
    capacity: 1,
    waitlistOfferMinutes: options.offerMinutes,
    startsInHours: options.startsInHours,
    ...(options.quietHours === null ? { quietHours: null } : {}),
  });
  const tokens = Array.from({ length: players }, (_, i) => `${prefix}${i}`);
  for (const sub of tokens) await join(await h.login(sub), session.id);
  return { session, tokens };
}

describe('quiet hours (default 23:00-08:00 Taipei)', () => {
  it('an offer made at 23:30 does not expire before 08:00 and keeps its full window after it', async () => {
    h.clock.set(tp('2026-12-01T23:30'));
    const team = await h.putTeam();
    const { session, tokens } = await fullSession(team, 'Uqh', 3, { startsInHours: 48, offerMinutes: 30 });
    await engine().cancel({ sessionId: session.id, userId: 'line_Uqh0', byAdmin: true });
    expect(await mine(tokens[1]!, session.id)).toMatchObject({
      status: 'offered',
      offerExpiresAt: iso('2026-12-02T08:30'),
    });

    // Its push waits for the morning: the notice is held (pending at 08:00) and not claimable before.
    const [notice] = (await pendingOutbox(h)).filter((r) => r.kind === 'offered' && r.sessionId === session.id);
    expect(notice).toMatchObject({ leaseUntil: iso('2026-12-02T08:00') });
    expect((await outboxItem(h, notice!.id))?.GSI1SK).toMatch(/^2026-12-02T00:00:00\.000Z#/);
    expect(await dispatcherOf(h, stub).deliver(notice!)).toEqual({ status: 'notClaimed' });
    expect(stub.pushes()).toEqual([]);

    // The sign-up job at 07:59 and at 08:29 leaves it; at 08:30 it expires and passes on.
    for (const at of ['2026-12-02T02:00', '2026-12-02T07:59', '2026-12-02T08:29']) {
      h.clock.set(tp(at));
      await jobs();
      expect(await mine(tokens[1]!, session.id), at).toMatchObject({ status: 'offered' });
    }
    h.clock.set(tp('2026-12-02T08:30'));
    await jobs();
    expect(await mine(tokens[1]!, session.id), 'the expired offer is gone').toBeNull();
    expect(await mine(tokens[2]!, session.id)).toMatchObject({
      status: 'offered',
      offerExpiresAt: iso('2026-12-02T09:00'),
    });
    await expectSessionInvariants(h.store, session.id);
  });

  it('an offer made at 22:50 with 30 minutes has 20 left at 23:00 and ends at 08:20; it can be accepted at night', async () => {
    h.clock.set(tp('2026-12-01T22:50'));
    const team = await h.putTeam();
    const { session, tokens } = await fullSession(team, 'Uqe', 2, { startsInHours: 48, offerMinutes: 30 });
    await engine().cancel({ sessionId: session.id, userId: 'line_Uqe0', byAdmin: true });
    expect(await mine(tokens[1]!, session.id)).toMatchObject({ offerExpiresAt: iso('2026-12-02T08:20') });
    h.clock.set(tp('2026-12-02T03:00'));
    expect((await accept(tokens[1]!, session.id)).body.data).toMatchObject({ status: 'accepted' });
    await expectSessionInvariants(h.store, session.id);
  });

  it('a session whose team turned quiet hours off runs the clock through the night', async () => {
    h.clock.set(tp('2026-12-01T23:30'));
    const team = await h.putTeam({ quietHours: null });
    const { session, tokens } = await fullSession(team, 'Uqo', 2, {
      startsInHours: 48,
      offerMinutes: 30,
      quietHours: null,
    });
    await engine().cancel({ sessionId: session.id, userId: 'line_Uqo0', byAdmin: true });
    expect(await mine(tokens[1]!, session.id)).toMatchObject({ offerExpiresAt: iso('2026-12-02T00:00') });
  });
});

describe('the hold shrinks as the start nears', () => {
  it.each([
    [48, 120, 120],
    [20, 120, 60],
    [2.5, 120, 15],
    [2.5, 10, 10],
  ])('%s h before the start, a team window of %s minutes holds %s', async (hours, window, held) => {
    h.clock.set(tp('2026-12-02T10:00'));
    const team = await h.putTeam();
    const prefix = `Ush${String(hours).replace('.', '')}x${window}`;
    const { session, tokens } = await fullSession(team, prefix, 2, { startsInHours: hours, offerMinutes: window });
    await engine().cancel({ sessionId: session.id, userId: `line_${prefix}0`, byAdmin: true });
    expect(await mine(tokens[1]!, session.id)).toMatchObject({
      status: 'offered',
      offerExpiresAt: new Date(h.clock.now().getTime() + held * 60_000).toISOString(),
    });
  });
});

describe('a last call in a bound group', () => {
  it('is one group push mentioning the waiting players, and none of them is pushed 1:1', async () => {
    h.clock.set(tp('2026-12-02T18:00'));
    const team = await h.putTeam({ lineGroupId: 'Cgroup-lastcall' });
    const { session } = await fullSession(team, 'Uglc', 4, { startsInHours: 0.5, offerMinutes: 30 });
    await engine().cancel({ sessionId: session.id, userId: 'line_Uglc0', byAdmin: true });
    // LINE bills a group push per member: a group of 3 costs what the 3 pushes would.
    stub.setGroupMemberCount(3);
    const dispatcher = dispatcherOf(h, stub);
    const records = (await pendingOutbox(h)).filter(
      (r) => r.sessionId === session.id || ('sessionIds' in r && r.sessionIds?.includes(session.id)),
    );
    expect(records.map((r) => r.kind).sort()).toEqual(['groupLastCall', 'lastCall', 'lastCall', 'lastCall']);
    for (const record of records) await dispatcher.deliver(record);

    const pushes = stub.pushes().map((r) => r.body as { to: string; messages: Record<string, unknown>[] });
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push!.to).toBe('Cgroup-lastcall');
    expect(push!.messages).toHaveLength(1);
    const message = push!.messages[0] as { type: string; text: string; substitution: Record<string, unknown> };
    expect(message.type).toBe('textV2');
    expect(message.text).toContain('{p0} {p1} {p2}');
    expect(message.text).toContain('先搶先得');
    expect(message.substitution).toEqual({
      p0: { type: 'mention', mentionee: { type: 'user', userId: 'Uglc1' } },
      p1: { type: 'mention', mentionee: { type: 'user', userId: 'Uglc2' } },
      p2: { type: 'mention', mentionee: { type: 'user', userId: 'Uglc3' } },
    });
    for (const record of records.filter((r) => r.kind === 'lastCall')) {
      expect((await outboxItem(h, record.id))?.note).toContain("mentioned in the team's group");
    }
  });

  it('in a group larger than the call, each is pushed 1:1 (cheaper) and the group hears nothing', async () => {
    h.clock.set(tp('2026-12-02T18:00'));
    const team = await h.putTeam({ lineGroupId: 'Cgroup-big' });
    const { session } = await fullSession(team, 'Ubig', 4, { startsInHours: 0.5, offerMinutes: 30 });
    await engine().cancel({ sessionId: session.id, userId: 'line_Ubig0', byAdmin: true });
    stub.setGroupMemberCount(30);
    const dispatcher = dispatcherOf(h, stub);
    const records = (await pendingOutbox(h)).filter(
      (r) => r.sessionId === session.id || ('sessionIds' in r && r.sessionIds?.includes(session.id)),
    );
    for (const record of records) await dispatcher.deliver(record);
    const pushes = stub.pushes().map((r) => (r.body as { to: string }).to);
    expect(pushes.sort()).toEqual(['Ubig1', 'Ubig2', 'Ubig3']);
    const group = records.find((r) => r.kind === 'groupLastCall')!;
    expect((await outboxItem(h, group.id))?.note).toContain('one push each costs less');
  });

  it('without a bound group, or with one player to call, each is pushed 1:1 as before', async () => {
    h.clock.set(tp('2026-12-02T18:00'));
    const unbound = await h.putTeam();
    const a = await fullSession(unbound, 'Uunb', 3, { startsInHours: 0.5, offerMinutes: 30 });
    await engine().cancel({ sessionId: a.session.id, userId: 'line_Uunb0', byAdmin: true });
    const bound = await h.putTeam({ lineGroupId: 'Cgroup-single' });
    const b = await fullSession(bound, 'Usgl', 2, { startsInHours: 0.5, offerMinutes: 30 });
    await engine().cancel({ sessionId: b.session.id, userId: 'line_Usgl0', byAdmin: true });
    const dispatcher = dispatcherOf(h, stub);
    const ids = [a.session.id, b.session.id];
    const records = (await pendingOutbox(h)).filter(
      (r) => ids.includes(r.sessionId) || ('sessionIds' in r && r.sessionIds?.some((s) => ids.includes(s))),
    );
    // One player to call: no group record at all.
    expect(records.filter((r) => r.kind === 'groupLastCall')).toHaveLength(1);
    for (const record of records) await dispatcher.deliver(record);
    const pushes = stub.pushes().map((r) => (r.body as { to: string }).to);
    expect(pushes.sort()).toEqual(['Usgl1', 'Uunb1', 'Uunb2']);
  });
});
