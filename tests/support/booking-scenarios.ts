/**
 * The booking engine's property tests (tests/property/booking.property.test.ts,
 * fair-signup.property.test.ts, offers.property.test.ts, last-call.property.test.ts): random rounds
 * of concurrent engine calls against a table of DynamoDB Local, the invariants checked after every
 * round (docs/ARCHITECTURE.md, "Booking invariants"). Each file runs on a harness of its own
 * (`useScenarios`), so the properties run side by side rather than one after another.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { bookingEngine } from '@shuttle/functions/app/factories.ts';
import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import type { BookingEngine } from '@shuttle/functions/bookings/engine.ts';
import { DomainError } from '@shuttle/functions/platform/errors.ts';
import type { BookingRecord } from '@shuttle/functions/sessions/model.ts';
import { DEFAULT_QUIET_HOURS, type ErrorCode, quietPeriodAt, wakingFrom } from '@shuttle/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { type ApiHarness, createApiHarness } from './harness.ts';
import { expectSessionInvariants, readSessionState } from './invariants.ts';

/** A property's runs take a minute on a busy machine: room beyond the API tests' default. */
export const PROPERTY_TIMEOUT = 240_000;

type Op =
  | { kind: 'join'; player: number }
  | { kind: 'cancel'; player: number }
  | { kind: 'capacity'; capacity: number }
  | { kind: 'checkIn'; player: number }
  // At the door (docs/ON-COURT.md, "At the door"): a check-in taken back, a waiting player moved
  // up (with or without checking in), a walk-in that raises the capacity when no place is free.
  | { kind: 'uncheck'; player: number }
  | { kind: 'promote'; player: number; checkIn: boolean }
  | { kind: 'walkIn'; player: number };

const PLAYERS = 8;
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: player.map((p) => ({ kind: 'join' as const, player: p })) },
  { weight: 3, arbitrary: player.map((p) => ({ kind: 'cancel' as const, player: p })) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 6 }).map((c) => ({ kind: 'capacity' as const, capacity: c })) },
  { weight: 1, arbitrary: player.map((p) => ({ kind: 'checkIn' as const, player: p })) },
  { weight: 1, arbitrary: player.map((p) => ({ kind: 'uncheck' as const, player: p })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ player, checkIn: fc.boolean() })
      .map((o) => ({ kind: 'promote' as const, player: o.player, checkIn: o.checkIn })),
  },
  { weight: 1, arbitrary: player.map((p) => ({ kind: 'walkIn' as const, player: p })) },
);
/** Rounds of operations; the operations of one round run at the same time. */
const scenario = fc.record({
  capacity: fc.integer({ min: 1, max: 4 }),
  rounds: fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { minLength: 2, maxLength: 6 }),
});

/** A file's harness and the engine its properties call. */
export class Scenarios {
  h!: ApiHarness;
  engine!: BookingEngine;
}

/** A harness and an engine for the calling test file, made before its tests and closed after them. */
export function useScenarios(): Scenarios {
  const s = new Scenarios();
  beforeAll(async () => {
    s.h = await createApiHarness();
    s.engine = bookingEngine({
      store: s.h.store,
      clock: s.h.clock,
      ids: () => crypto.randomUUID(),
      retry: { attempts: 40, baseDelayMs: 2, maxDelayMs: 30 },
    });
  });
  afterAll(() => s.h.close());
  return s;
}

/**
 * The engine calls the scenarios make. Each property also checks that its runs did real work: a
 * call the state at the start of a round says must succeed did succeed (`mustSucceed`), and over
 * all runs every kind of call succeeded. Each file's last tests plant an always-refusing call
 * (`planted`) and show that its property then fails.
 */
export type Calls = Pick<
  BookingEngine,
  'join' | 'cancel' | 'changeCapacity' | 'checkIn' | 'acceptOffer' | 'declineOffer' | 'promote' | 'addWalkIn'
>;

/** `calls` with `method` always refusing with `code`, as a broken engine would. */
export function planted(calls: Calls, method: keyof Calls, code: ErrorCode): Calls {
  const refuse = async () => {
    throw new DomainError(code);
  };
  const bound: Calls = {
    join: (r) => calls.join(r),
    cancel: (r) => calls.cancel(r),
    changeCapacity: (s, c) => calls.changeCapacity(s, c),
    checkIn: (s, u, a) => calls.checkIn(s, u, a),
    acceptOffer: (s, u) => calls.acceptOffer(s, u),
    declineOffer: (s, u) => calls.declineOffer(s, u),
    promote: (r) => calls.promote(r),
    addWalkIn: (r) => calls.addWalkIn(r),
  };
  return { ...bound, [method]: refuse };
}

/**
 * Fails when none of the round's operations `which` picks succeeded although the state at the
 * round's start says one must (`why`); `ok` holds whether each operation of the round succeeded.
 */
function mustSucceed<O>(round: O[], ok: boolean[], which: (o: O) => boolean, why: string, log: string[]): void {
  const picked = round.map((o, i) => (which(o) ? i : -1)).filter((i) => i >= 0);
  if (picked.length > 0)
    expect(
      picked.some((i) => ok[i]),
      `${why} must succeed\n${log.join('\n')}`,
    ).toBe(true);
}

/** A player's booking, if any, among `bookings`. */
const bookingOf = (bookings: BookingRecord[], userId: string) => bookings.find((b) => b.userId === userId);
/** Seats of every booking not cancelled: the most that can be accepted by the end of a round, before its joins. */
const liveSeats = (bookings: BookingRecord[]) =>
  bookings.filter((b) => b.status !== 'cancelled').reduce((sum, b) => sum + b.partySize, 0);

async function outboxFor(h: ApiHarness, sessionId: string) {
  const { Items } = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :p',
      ExpressionAttributeValues: { ':p': 'OUTBOX#PENDING' },
    }),
  );
  return (Items ?? []).filter((o) => o.sessionId === sessionId);
}

/** What the first scenario's runs did, over all runs. */
type Done = {
  accepted: number;
  waiting: number;
  cancelled: number;
  promoted: number;
  checkedIn: number;
  capacity: number;
  /** At the door: check-ins taken back, waiting players moved up (some by raising the capacity), walk-ins raising it. */
  unchecked: number;
  movedUp: number;
  raisedForWaiting: number;
  walkInRaised: number;
};

/**
 * Runs the first scenario (joins, cancels, capacity changes, check-ins and, at the door, their
 * undoing, moves up and walk-ins) with `calls`; answers what it did.
 */
async function checkBookingScenarios({ h, engine }: Scenarios, calls: Calls, numRuns: number): Promise<Done> {
  const team = await h.putTeam();
  const done: Done = {
    accepted: 0,
    waiting: 0,
    cancelled: 0,
    promoted: 0,
    checkedIn: 0,
    capacity: 0,
    unchecked: 0,
    movedUp: 0,
    raisedForWaiting: 0,
    walkInRaised: 0,
  };
  await fc.assert(
    fc.asyncProperty(scenario, async ({ capacity, rounds }) => {
      const session = await h.putSession(team, { capacity });
      let promotions = 0;
      const log: string[] = [];
      const userOf = (o: Op) => `line_Uprop${o.kind === 'capacity' ? 0 : o.player}`;
      let bookings: BookingRecord[] = [];
      const run = async (o: Op): Promise<boolean> => {
        const userId = userOf(o);
        try {
          if (o.kind === 'join') {
            const r = await calls.join({
              sessionId: session.id,
              partySize: 1,
              player: { userId, name: userId, pictureUrl: '' },
            });
            if (r.status === 'accepted') done.accepted += 1;
            if (r.status === 'waiting') done.waiting += 1;
            log.push(`join ${userId} -> ${r.status}`);
          } else if (o.kind === 'cancel') {
            const r = await calls.cancel({ sessionId: session.id, userId });
            done.cancelled += 1;
            if (r.promoted) promotions += 1;
            log.push(`cancel ${userId} -> promoted ${r.promoted}`);
          } else if (o.kind === 'capacity') {
            const r = await calls.changeCapacity(session.id, o.capacity);
            done.capacity += 1;
            promotions += r.promoted;
            log.push(`capacity ${o.capacity} -> promoted ${r.promoted}`);
          } else if (o.kind === 'checkIn') {
            await calls.checkIn(session.id, userId, 'attended');
            done.checkedIn += 1;
            log.push(`checkIn ${userId}`);
          } else if (o.kind === 'uncheck') {
            await calls.checkIn(session.id, userId, null);
            done.unchecked += 1;
            log.push(`uncheck ${userId}`);
          } else if (o.kind === 'promote') {
            const r = await calls.promote({
              sessionId: session.id,
              userId,
              checkIn: o.checkIn,
              promotedBy: 'admin_prop',
              idempotencyScope: 'admin_prop',
            });
            // Moved up without checking in: the player is told (one notice), as a promotion.
            if (!o.checkIn) promotions += 1;
            done.movedUp += 1;
            if (r.capacityRaised > 0) done.raisedForWaiting += 1;
            log.push(`promote ${userId} checkIn ${o.checkIn} -> raised ${r.capacityRaised}`);
          } else {
            const r = await calls.addWalkIn({
              sessionId: session.id,
              player: { userId, name: userId, pictureUrl: '' },
              addedBy: 'admin_prop',
              idempotencyScope: 'admin_prop',
              raiseCapacity: true,
            });
            if (r.capacityRaised) done.walkInRaised += 1;
            log.push(`walkIn ${userId} -> raised ${r.capacityRaised}`);
          }
          return true;
        } catch (error) {
          log.push(`${o.kind} ${userId} !! ${error instanceof DomainError ? error.code : String(error)}`);
          // Refusals (already booked, nothing to cancel, capacity below taken…) are answers.
          if (!(error instanceof DomainError) || error.code === 'BOOKING_FAILED' || error.code === 'INTERNAL')
            throw error;
          return false;
        }
      };
      for (const drawn of rounds) {
        // A move up names a player waiting at the round's start (any other is refused NOT_WAITING,
        // which random players almost always were): the drawn number picks among those waiting.
        const round = drawn.map((o) => (o.kind === 'promote' ? aimAtWaiting(o, bookings) : o));
        const ok = await Promise.all(round.map(run));
        log.push('--');
        // What the state at the round's start says must succeed, whatever else the round does.
        const touches = (o: Op, kind: Op['kind'], userId: string) => o.kind === kind && userOf(o) === userId;
        const alsoIn = (userId: string, kinds: Op['kind'][]) =>
          round.some((o) => kinds.some((k) => touches(o, k, userId)));
        // Moving a player up is only sure when nothing else in the round can move them up first.
        const steady = !round.some((o) => o.kind === 'capacity' || o.kind === 'cancel');
        for (const userId of new Set(round.filter((o) => o.kind !== 'capacity').map(userOf))) {
          const before = bookingOf(bookings, userId);
          const live = before !== undefined && before.status !== 'cancelled';
          if (!live && !alsoIn(userId, ['walkIn']))
            mustSucceed(round, ok, (o) => touches(o, 'join', userId), `a join of ${userId}, not booked`, log);
          if (!live && !alsoIn(userId, ['join']))
            mustSucceed(round, ok, (o) => touches(o, 'walkIn', userId), `the walk-in of ${userId}, not booked`, log);
          if (live && !before.attendance && !alsoIn(userId, ['checkIn', 'promote']))
            mustSucceed(round, ok, (o) => touches(o, 'cancel', userId), `a cancel of ${userId}, booked`, log);
          if (before?.status === 'accepted' && !alsoIn(userId, ['cancel'])) {
            mustSucceed(round, ok, (o) => touches(o, 'checkIn', userId), `the check-in of ${userId}, accepted`, log);
            mustSucceed(round, ok, (o) => touches(o, 'uncheck', userId), `unmarking ${userId}, accepted`, log);
          }
          if (before?.status === 'waiting' && steady)
            mustSucceed(round, ok, (o) => touches(o, 'promote', userId), `moving ${userId} up, waiting`, log);
        }
        const most = liveSeats(bookings) + round.filter((o) => o.kind === 'join' || o.kind === 'walkIn').length;
        round.forEach((o, i) => {
          if (o.kind === 'capacity' && o.capacity >= most)
            mustSucceed([o], [ok[i]!], () => true, `capacity ${o.capacity} (at most ${most} taken)`, log);
        });
        ({ bookings } = await expectSessionInvariants(h.store, session.id));
      }
      done.promoted += promotions;
      const outbox = await outboxFor(h, session.id);
      expect(
        outbox.map((o) => `${o.userId} ${o.reason}`),
        log.join('\n'),
      ).toHaveLength(promotions);
      expect(new Set(outbox.map((o) => o.id)).size).toBe(outbox.length);
    }),
    {
      numRuns,
      seed: Number(process.env.PROPERTY_SEED ?? 20261122),
      endOnFailure: calls !== engine,
      includeErrorInReport: calls !== engine,
    },
  );
  return done;
}

/** `o` aimed at the waiting player its number picks among those waiting in `bookings`, if any. */
function aimAtWaiting(o: Extract<Op, { kind: 'promote' }>, bookings: BookingRecord[]): Op {
  const waiting = bookings.filter((b) => b.status === 'waiting').map((b) => Number(b.userId.replace('line_Uprop', '')));
  return waiting.length ? { ...o, player: waiting[o.player % waiting.length]! } : o;
}

/** The first property: its scenarios with `calls`, and over all runs every kind of call did its work. */
export async function bookingProperty(s: Scenarios, calls: Calls, numRuns: number): Promise<void> {
  const done = await checkBookingScenarios(s, calls, numRuns);
  console.info('booking scenarios did', done);
  // The runs did what they are for: places taken and waited for, freed, promoted, checked in, resized.
  for (const [what, count] of Object.entries(done)) expect(count, `${what} over all runs`).toBeGreaterThan(0);
}

type FairOp =
  | { kind: 'join'; player: number; party: number }
  | { kind: 'cancel'; player: number }
  | { kind: 'accept'; player: number }
  | { kind: 'decline'; player: number }
  | { kind: 'claim'; player: number }
  | { kind: 'capacity'; capacity: number }
  | { kind: 'tick'; minutes: number };

const fairOp: fc.Arbitrary<FairOp> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({ player, party: fc.integer({ min: 1, max: 3 }) })
      .map((o) => ({ kind: 'join' as const, ...o })),
  },
  { weight: 2, arbitrary: player.map((p) => ({ kind: 'cancel' as const, player: p })) },
  { weight: 2, arbitrary: player.map((p) => ({ kind: 'accept' as const, player: p })) },
  { weight: 1, arbitrary: player.map((p) => ({ kind: 'decline' as const, player: p })) },
  // A waiting player taking a last-call place (the same call as accepting an offer).
  { weight: 3, arbitrary: player.map((p) => ({ kind: 'claim' as const, player: p })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 8 }).map((c) => ({ kind: 'capacity' as const, capacity: c })) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 12 }).map((m) => ({ kind: 'tick' as const, minutes: m })) },
);
const fairScenario = fc.record({
  capacity: fc.integer({ min: 1, max: 5 }),
  lottery: fc.boolean(),
  offerMinutes: fc.constantFrom(0, 10),
  // Far ahead; crossing into the final hour during the run; inside it from the start (last call).
  startsInMinutes: fc.constantFrom(48 * 60, 75, 45),
  // Minutes after the test clock (10:00 Taipei) the run starts: 22:30 runs into the quiet hours (23:00-08:00).
  startsLater: fc.constantFrom(0, 750),
  rounds: fc.array(fc.array(fairOp, { minLength: 1, maxLength: 5 }), { minLength: 2, maxLength: 7 }),
});
/** Answers that are refusals, not faults, in the fair sign-up scenario. */
const REFUSALS = new Set([
  'ALREADY_BOOKED',
  'BOOKING_NOT_FOUND',
  'CAPACITY_BELOW_ACCEPTED',
  'CANCEL_WINDOW_PASSED',
  'OFFER_NOT_FOUND',
  'OFFER_EXPIRED',
  'PLACE_TAKEN',
  'PARTY_TOO_LARGE',
  'SESSION_STARTED',
]);

type FairScenario = typeof fairScenario extends fc.Arbitrary<infer T> ? T : never;
type Reached = {
  opened: number;
  won: number;
  refused: number;
  concurrentClaims: number;
  joined: number;
  offered: number;
  accepted: number;
  declined: number;
  cancelled: number;
  resized: number;
  drawn: number;
  expired: number;
};

/** Runs fair sign-up scenarios against `calls`, checking the invariants after every round; answers what it reached. */
async function checkFairScenarios(
  { h, engine }: Scenarios,
  scenarios: fc.Arbitrary<FairScenario>,
  seed: number,
  calls: Calls,
  numRuns: number,
): Promise<Reached> {
  const team = await h.putTeam();
  const { runSignupJobs } = await import('@shuttle/functions/bookings/sign-up-jobs.ts');
  const start = h.clock.now();
  /** Coverage: the scenarios do reach last calls, lost claims, and rounds with several claims at once. */
  const reached: Reached = {
    opened: 0,
    won: 0,
    refused: 0,
    concurrentClaims: 0,
    joined: 0,
    offered: 0,
    accepted: 0,
    declined: 0,
    cancelled: 0,
    resized: 0,
    drawn: 0,
    expired: 0,
  };
  await fc.assert(
    fc.asyncProperty(scenarios, async ({ capacity, lottery, offerMinutes, startsInMinutes, startsLater, rounds }) => {
      h.clock.set(new Date(start.getTime() + startsLater * 60_000));
      const runStart = h.clock.now();
      const session = await h.putSession(team, {
        capacity,
        startsInHours: startsInMinutes / 60,
        signupOpensAt: runStart.toISOString(),
        waitlistOfferMinutes: offerMinutes,
        ...(lottery ? { signupMode: 'lottery' as const, lotteryMinutes: 5 } : {}),
      });
      const joins = new Map<string, number>();
      const log: string[] = [
        `capacity ${capacity} lottery ${lottery} offers ${offerMinutes} starts in ${startsInMinutes} min, run at ${runStart.toISOString()}`,
      ];
      let lastWaitlist: string[] = [];
      const userOf = (o: FairOp) => `line_Ufair${'player' in o ? o.player : 0}`;
      const run = async (o: FairOp): Promise<boolean> => {
        const userId = userOf(o);
        try {
          if (o.kind === 'join') {
            const r = await calls.join({
              sessionId: session.id,
              partySize: o.party,
              player: { userId, name: userId, pictureUrl: '' },
            });
            joins.set(userId, (joins.get(userId) ?? 0) + 1);
            reached.joined += 1;
            log.push(`join ${userId}*${o.party} -> ${r.status} ${r.position ?? ''}`);
          } else if (o.kind === 'cancel') {
            log.push(
              `cancel ${userId} -> ${JSON.stringify(await calls.cancel({ sessionId: session.id, userId, byAdmin: true }))}`,
            );
            reached.cancelled += 1;
          } else if (o.kind === 'accept' || o.kind === 'claim') {
            log.push(`${o.kind} ${userId} -> ${(await calls.acceptOffer(session.id, userId)).status}`);
          } else if (o.kind === 'decline') {
            log.push(`decline ${userId} -> ${(await calls.declineOffer(session.id, userId)).promoted}`);
            reached.declined += 1;
          } else if (o.kind === 'capacity') {
            log.push(`capacity ${o.capacity} -> ${(await calls.changeCapacity(session.id, o.capacity)).promoted}`);
            reached.resized += 1;
          } else {
            h.clock.advance(o.minutes * 60_000);
            const jobs = await runSignupJobs(
              signupJobDeps({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID() }),
            );
            reached.expired += jobs.expired;
            log.push(`tick ${o.minutes} -> ${JSON.stringify(jobs)}`);
          }
          return true;
        } catch (error) {
          const code = error instanceof DomainError ? error.code : String(error);
          log.push(`${o.kind} ${userId} !! ${code}`);
          if (code === 'PLACE_TAKEN') reached.refused += 1;
          // The jobs refuse nothing: any error of theirs is a fault.
          if (o.kind === 'tick' || !REFUSALS.has(code)) throw error;
          return false;
        }
      };
      for (const round of rounds) {
        const before = await readSessionState(h.store, session.id);
        const clockBefore = h.clock.now().getTime();
        const ok = await Promise.all(round.map(run));
        log.push('--');
        // What the state at the round's start says must succeed, whatever else the round does.
        const ticks = round.reduce((sum, o) => sum + (o.kind === 'tick' ? o.minutes : 0), 0);
        const latest = clockBefore + ticks * 60_000;
        const steady = ticks === 0 && !round.some((o) => o.kind === 'capacity');
        const touches = (o: FairOp, kinds: FairOp['kind'][], userId: string) =>
          kinds.includes(o.kind) && 'player' in o && userOf(o) === userId;
        const others = (userId: string, kinds: FairOp['kind'][]) => !round.some((o) => touches(o, kinds, userId));
        for (const userId of new Set(round.filter((o) => 'player' in o).map(userOf))) {
          const b = bookingOf(before.bookings, userId);
          if ((b === undefined || b.status === 'cancelled') && latest < Date.parse(before.session.startsAt))
            mustSucceed(round, ok, (o) => touches(o, ['join'], userId), `a join of ${userId}, not booked`, log);
          if (b?.status === 'accepted' && others(userId, ['accept', 'claim', 'decline']))
            mustSucceed(round, ok, (o) => touches(o, ['cancel'], userId), `a cancel of ${userId}, accepted`, log);
          const offerOpen = b?.status === 'offered' && steady && Date.parse(b.offerExpiresAt!) > latest;
          if (offerOpen && others(userId, ['cancel', 'decline']))
            mustSucceed(round, ok, (o) => touches(o, ['accept', 'claim'], userId), `accepting ${userId}'s offer`, log);
          if (offerOpen && others(userId, ['cancel', 'accept', 'claim']))
            mustSucceed(round, ok, (o) => touches(o, ['decline'], userId), `declining ${userId}'s offer`, log);
        }
        const most = liveSeats(before.bookings) + round.reduce((sum, o) => sum + (o.kind === 'join' ? o.party : 0), 0);
        round.forEach((o, i) => {
          if (o.kind === 'capacity' && o.capacity >= most)
            mustSucceed([o], [ok[i]!], () => true, `capacity ${o.capacity} (at most ${most} taken)`, log);
        });
        const { waitlist, session: after, bookings } = await expectSessionInvariants(h.store, session.id);
        reached.offered += bookings.filter(
          (b) => b.status === 'offered' && !bookingOf(before.bookings, b.userId)?.offeredAt,
        ).length;
        reached.accepted += bookings.filter(
          (b) => b.status === 'accepted' && b.offeredAt && bookingOf(before.bookings, b.userId)?.status === 'offered',
        ).length;
        // Offers respect quiet hours (default 23:00-08:00): none ends strictly inside them, each has
        // waking time after it was made (its clock starts when they end), and none runs past the cutoff.
        for (const b of bookings.filter((x) => x.status === 'offered')) {
          const until = Date.parse(b.offerExpiresAt!);
          const night = quietPeriodAt(until, DEFAULT_QUIET_HOURS);
          expect(night === null || night.from === until, log.join('\n')).toBe(true);
          expect(until, log.join('\n')).toBeGreaterThan(wakingFrom(Date.parse(b.offeredAt!), DEFAULT_QUIET_HOURS));
          expect(until, log.join('\n')).toBeLessThanOrEqual(Date.parse(after.startsAt) - 60 * 60_000);
        }
        // Exactly one winner per open seat: the seats won by claims in this round are at most the
        // seats open before it plus those opened during it, and each winner holds its place once.
        const claimedBefore = new Set(before.bookings.filter((b) => b.lastCallAt).map((b) => b.userId));
        const won = bookings.filter((b) => b.status === 'accepted' && b.lastCallAt && !claimedBefore.has(b.userId));
        const opened = (after.lastCallOpened ?? 0) - (before.session.lastCallOpened ?? 0);
        expect(
          won.reduce((sum, b) => sum + b.partySize, 0),
          log.join('\n'),
        ).toBeLessThanOrEqual((before.session.lastCallSeats ?? 0) + opened);
        reached.opened += opened;
        reached.won += won.length;
        const claims = round.filter((o) => o.kind === 'claim').length;
        if (claims > 1 && (before.session.lastCallSeats ?? 0) > 0) reached.concurrentClaims += 1;
        // Order kept: players waiting before and after a round (and not leaving or rejoining in it) keep their order.
        const now = waitlist.map((e) => e.userId);
        const touched = new Set(round.flatMap((o) => ('player' in o ? [`line_Ufair${o.player}`] : [])));
        const kept = lastWaitlist.filter((u) => now.includes(u) && !touched.has(u));
        expect(
          now.filter((u) => kept.includes(u)),
          log.join('\n'),
        ).toEqual(kept);
        lastWaitlist = now;
      }
      // Exactly-once: no player is told of a place more often than they joined.
      const notices = (await outboxFor(h, session.id)).filter((o) => o.kind === 'promoted' || o.kind === 'offered');
      const perPlayer = new Map<string, number>();
      for (const n of notices) perPlayer.set(n.userId, (perPlayer.get(n.userId) ?? 0) + (n.kind === 'offered' ? 0 : 1));
      for (const [userId, count] of perPlayer)
        expect(count, log.join('\n')).toBeLessThanOrEqual(joins.get(userId) ?? 0);
      expect(new Set(notices.map((o) => o.id)).size).toBe(notices.length);
      // The draw's result (a place, or the place on the waitlist) is told once to every settled entrant.
      const results = (await outboxFor(h, session.id)).filter((o) => String(o.id).startsWith('lottery_'));
      const settled = (await readSessionState(h.store, session.id)).bookings.filter((b) => 'drawnAt' in b);
      const told = results.map((o) => o.userId);
      expect(new Set(told).size, log.join('\n')).toBe(told.length);
      for (const b of settled) expect(told, log.join('\n')).toContain(b.userId);
      reached.drawn += settled.length;
    }),
    { numRuns, seed, endOnFailure: calls !== engine, includeErrorInReport: calls !== engine },
  );
  h.clock.set(start);
  return reached;
}
/**
 * Last call (docs/FAIR-SIGNUP.md): offers on, the session starting within the final hour, claims
 * frequent; every scenario starts with six players joining at once, so there is a line to open to.
 */
const fullFirst: FairOp[] = [0, 1, 2, 3, 4, 5].map((p) => ({ kind: 'join', player: p, party: 1 }));
const lastCallScenario = fc.record({
  capacity: fc.integer({ min: 1, max: 4 }),
  lottery: fc.constant(false),
  offerMinutes: fc.constant(10),
  startsInMinutes: fc.constantFrom(45, 62),
  startsLater: fc.constant(0),
  rounds: fc
    .array(
      fc.array(
        fc.oneof(
          { weight: 4, arbitrary: fairOp.filter((o) => o.kind === 'join') },
          { weight: 3, arbitrary: player.map((p) => ({ kind: 'cancel' as const, player: p })) },
          { weight: 6, arbitrary: player.map((p) => ({ kind: 'claim' as const, player: p })) },
          {
            weight: 1,
            arbitrary: fc.integer({ min: 0, max: 6 }).map((c) => ({ kind: 'capacity' as const, capacity: c })),
          },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }).map((m) => ({ kind: 'tick' as const, minutes: m })) },
        ),
        { minLength: 1, maxLength: 6 },
      ),
      { minLength: 3, maxLength: 8 },
    )
    .map((rounds) => [fullFirst, ...rounds]),
});

/**
 * Waitlist offers (docs/FAIR-SIGNUP.md): offers on, far from the start (at 10:00 or into the
 * quiet hours), every scenario starting with six players joining at once, then frequent cancels,
 * accepts and declines, so places are offered and the offers taken up or turned down.
 */
const offerScenario = fc.record({
  capacity: fc.integer({ min: 1, max: 4 }),
  lottery: fc.constant(false),
  offerMinutes: fc.constant(10),
  startsInMinutes: fc.constant(48 * 60),
  startsLater: fc.constantFrom(0, 750),
  rounds: fc
    .array(
      fc.array(
        fc.oneof(
          { weight: 2, arbitrary: fairOp.filter((o) => o.kind === 'join') },
          { weight: 3, arbitrary: player.map((p) => ({ kind: 'cancel' as const, player: p })) },
          { weight: 4, arbitrary: player.map((p) => ({ kind: 'accept' as const, player: p })) },
          { weight: 3, arbitrary: player.map((p) => ({ kind: 'decline' as const, player: p })) },
          {
            weight: 1,
            arbitrary: fc.integer({ min: 0, max: 6 }).map((c) => ({ kind: 'capacity' as const, capacity: c })),
          },
          { weight: 2, arbitrary: fc.integer({ min: 0, max: 12 }).map((m) => ({ kind: 'tick' as const, minutes: m })) },
        ),
        { minLength: 1, maxLength: 6 },
      ),
      { minLength: 3, maxLength: 8 },
    )
    .map((rounds) => [fullFirst, ...rounds]),
});

/**
 * A fair sign-up property: `scenarios` with `calls`, and over all runs each kind of work in
 * `expected` happened.
 */
async function fairProperty(
  s: Scenarios,
  scenarios: fc.Arbitrary<FairScenario>,
  seed: number,
  expected: (keyof Reached)[],
  calls: Calls,
  numRuns: number,
): Promise<Reached> {
  const reached = await checkFairScenarios(s, scenarios, seed, calls, numRuns);
  console.info('fair sign-up scenarios reached', reached);
  for (const what of expected) expect(reached[what], `${what} over all runs`).toBeGreaterThan(0);
  return reached;
}
const seedOf = (fallback: number) => Number(process.env.PROPERTY_SEED ?? fallback);
/** Entries and draws, joins, cancels and capacity changes, at any time before the start. */
export const anyTime = (s: Scenarios, calls: Calls, numRuns: number) =>
  fairProperty(s, fairScenario, seedOf(20261123), ['joined', 'drawn', 'cancelled', 'resized'], calls, numRuns);
/** Places offered to the line, and the offers accepted, declined and left to lapse. */
export const offers = (s: Scenarios, calls: Calls, numRuns: number) =>
  fairProperty(s, offerScenario, seedOf(20261125), ['offered', 'accepted', 'declined', 'expired'], calls, numRuns);
/** Last call: seats opened to the line, claims won and lost, and rounds with several claims at once. */
export const lastCall = (s: Scenarios, calls: Calls, numRuns: number) =>
  fairProperty(s, lastCallScenario, seedOf(20261124), ['opened', 'won', 'refused', 'concurrentClaims'], calls, numRuns);
