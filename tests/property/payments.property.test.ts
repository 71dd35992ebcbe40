import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { bookingEngine } from '@shuttle/functions/app/factories.ts';
import type { BookingEngine } from '@shuttle/functions/bookings/engine.ts';
import { bookingCodec } from '@shuttle/functions/db/codecs/sessions.ts';
import { PassRepository } from '@shuttle/functions/payments/pass-repository.ts';
import { PaymentRepository } from '@shuttle/functions/payments/repository.ts';
import { DomainError } from '@shuttle/functions/platform/errors.ts';
import type { BookingRecord } from '@shuttle/functions/sessions/model.ts';
import type { ErrorCode, Payment } from '@shuttle/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

/** A property's runs take a minute on a busy machine: room beyond the API tests' default. */
const PROPERTY_TIMEOUT = 240_000;

type Op =
  | { kind: 'join'; player: number }
  | { kind: 'cancel'; player: number }
  | { kind: 'markPaid'; player: number; method: 'cash' | 'transfer' }
  | { kind: 'markUnpaid'; player: number }
  | { kind: 'checkInWithPass'; player: number };

const PLAYERS = 5;
const CREDITS = 2;
const PRICE = 200;
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: player.map((p) => ({ kind: 'join' as const, player: p })) },
  { weight: 2, arbitrary: player.map((p) => ({ kind: 'cancel' as const, player: p })) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(player, fc.constantFrom('cash' as const, 'transfer' as const))
      .map(([p, method]) => ({ kind: 'markPaid' as const, player: p, method })),
  },
  { weight: 2, arbitrary: player.map((p) => ({ kind: 'markUnpaid' as const, player: p })) },
  { weight: 3, arbitrary: player.map((p) => ({ kind: 'checkInWithPass' as const, player: p })) },
);
const scenario = fc.record({
  capacity: fc.integer({ min: 1, max: 3 }),
  rounds: fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 6 }),
});

let h: ApiHarness;
let engine: BookingEngine;
let payments: PaymentRepository;
let passes: PassRepository;
beforeAll(async () => {
  h = await createApiHarness();
  const retry = { attempts: 40, baseDelayMs: 2, maxDelayMs: 30 };
  engine = bookingEngine({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID(), retry });
  payments = new PaymentRepository(h.store, h.clock);
  passes = new PassRepository(h.store, h.clock, () => crypto.randomUUID());
});
afterAll(() => h.close());

/**
 * The calls the scenarios make. The property also checks that its runs did real work: a call the
 * state at the start of a round says must succeed did succeed, and over all runs every kind of
 * call succeeded. The last tests plant an always-refusing call and show that the property fails.
 */
interface Calls {
  join: BookingEngine['join'];
  cancel: BookingEngine['cancel'];
  checkIn: BookingEngine['checkIn'];
  markPaid: PaymentRepository['markPaid'];
  markUnpaid: PaymentRepository['markUnpaid'];
  usePass: PaymentRepository['usePass'];
}
const realCalls = (): Calls => ({
  join: (r) => engine.join(r),
  cancel: (r) => engine.cancel(r),
  checkIn: (s, u, a) => engine.checkIn(s, u, a),
  markPaid: (r, price) => payments.markPaid(r, price),
  markUnpaid: (s, u, price) => payments.markUnpaid(s, u, price),
  usePass: (s, u, pass, price) => payments.usePass(s, u, pass, price),
});

/** The real calls with `method` always refusing with `code`, as a broken engine or repository would. */
function planted(method: keyof Calls, code: ErrorCode): Calls {
  return {
    ...realCalls(),
    [method]: async () => {
      throw new DomainError(code);
    },
  };
}

/** What the runs did, over all runs. */
type Done = { joined: number; cancelled: number; paid: number; unpaid: number; passUsed: number };

async function bookingsOf(sessionId: string): Promise<BookingRecord[]> {
  const { Items } = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :b)',
      ExpressionAttributeValues: { ':pk': `SESSION#${sessionId}`, ':b': 'BOOKING#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => bookingCodec.decode(item));
}

/** Runs the scenarios with `calls`, checking after every round; answers what the runs did. */
async function checkPaymentScenarios(calls: Calls, numRuns: number): Promise<Done> {
  const team = await h.putTeam();
  const done: Done = { joined: 0, cancelled: 0, paid: 0, unpaid: 0, passUsed: 0 };
  const plantedRun = numRuns < 25;
  await fc.assert(
    fc.asyncProperty(scenario, async ({ capacity, rounds }) => {
      const session = await h.putSession(team, { capacity, price: PRICE });
      const day = session.startsAt.slice(0, 10);
      const userOf = (p: number) => `line_Upay${p}`;
      const passOf = new Map<number, string>();
      for (let p = 0; p < PLAYERS; p++) {
        const sold = await passes.sell({
          teamId: team.id,
          teamName: team.name,
          userId: userOf(p),
          playerName: `p${p}`,
          name: 'pass',
          credits: CREDITS,
          validFrom: day,
          validUntil: `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`,
          price: 300,
          method: 'cash',
          soldBy: 'prop',
        });
        passOf.set(p, sold.passId);
      }
      const log: string[] = [];
      /** Bookings cancelled at the end of the last round, and whether they were paid then. */
      let cancelledBefore = new Map<string, { cancelledAt: string; paid: boolean }>();
      /** The bookings and each player's credits left at the start of a round. */
      let bookingsBefore: BookingRecord[] = [];
      const creditsBefore = new Map<number, number>(Array.from({ length: PLAYERS }, (_, p) => [p, CREDITS]));
      for (const round of rounds) {
        h.clock.advance(60_000);
        const paidAnswers = new Map<number, Payment[]>();
        const unpaidIn = new Set(round.filter((o) => o.kind === 'markUnpaid').map((o) => o.player));
        const cancelledIn = new Set(round.filter((o) => o.kind === 'cancel').map((o) => o.player));
        const run = async (o: Op): Promise<boolean> => {
          const userId = userOf(o.player);
          try {
            if (o.kind === 'join') {
              await calls.join({
                sessionId: session.id,
                partySize: 1,
                player: { userId, name: userId, pictureUrl: '' },
              });
              done.joined += 1;
            } else if (o.kind === 'cancel') {
              await calls.cancel({ sessionId: session.id, userId });
              done.cancelled += 1;
            } else if (o.kind === 'markPaid') {
              const paid = await calls.markPaid(
                { sessionId: session.id, userId, method: o.method, amount: PRICE },
                PRICE,
              );
              paidAnswers.set(o.player, [...(paidAnswers.get(o.player) ?? []), paid]);
              done.paid += 1;
            } else if (o.kind === 'markUnpaid') {
              await calls.markUnpaid(session.id, userId, PRICE);
              done.unpaid += 1;
            } else {
              // The admin checks the player in and settles the booking with their pass.
              await calls.checkIn(session.id, userId, 'attended').catch((error: unknown) => {
                if (!(error instanceof DomainError)) throw error;
              });
              const paid = await calls.usePass(session.id, userId, passOf.get(o.player)!, PRICE);
              paidAnswers.set(o.player, [...(paidAnswers.get(o.player) ?? []), paid]);
              done.passUsed += 1;
            }
            log.push(`${o.kind} ${o.player} ok`);
            return true;
          } catch (error) {
            log.push(`${o.kind} ${o.player} !! ${error instanceof DomainError ? error.code : String(error)}`);
            if (!(error instanceof DomainError) || ['BOOKING_FAILED', 'INTERNAL', 'SERVICE_BUSY'].includes(error.code))
              throw error;
            return false;
          }
        };
        const ok = await Promise.all(round.map(run));
        log.push('--');
        // What the state at the round's start says must succeed, whatever else the round does.
        const mustSucceed = (p: number, kinds: Op['kind'][], why: string) => {
          const picked = round.flatMap((o, i) => (o.player === p && kinds.includes(o.kind) ? [i] : []));
          if (picked.length > 0)
            expect(
              picked.some((i) => ok[i]),
              `${why} must succeed\n${log.join('\n')}`,
            ).toBe(true);
        };
        for (const p of new Set(round.map((o) => o.player))) {
          const b = bookingsBefore.find((x) => x.userId === userOf(p));
          const alsoIn = (kinds: Op['kind'][]) => round.some((o) => o.player === p && kinds.includes(o.kind));
          if (!b || b.status === 'cancelled') mustSucceed(p, ['join'], `a join of ${p}, not booked`);
          if (b && b.status !== 'cancelled' && !b.attendance && !alsoIn(['checkInWithPass']))
            mustSucceed(p, ['cancel'], `a cancel of ${p}, booked`);
          if (b) mustSucceed(p, ['markUnpaid'], `marking ${p} unpaid, a booking`);
          const settles = b?.status === 'accepted' && !alsoIn(['cancel', 'markUnpaid']);
          if (settles) mustSucceed(p, ['markPaid'], `marking ${p} paid, accepted`);
          if (settles && (b.payment?.status === 'paid' || creditsBefore.get(p)! >= 1))
            mustSucceed(p, ['checkInWithPass'], `settling ${p} with a pass, accepted`);
        }
        await expectSessionInvariants(h.store, session.id);

        const bookings = await bookingsOf(session.id);
        // Paid at most once: every paying call of a round for one booking answers the same payment.
        for (const [p, answers] of paidAnswers) {
          if (unpaidIn.has(p) || cancelledIn.has(p)) continue;
          const paid = answers.filter((a) => a.status === 'paid');
          expect(new Set(paid.map((a) => JSON.stringify(a))).size, log.join('\n')).toBeLessThanOrEqual(1);
          const stored = bookings.find((b) => b.userId === userOf(p))?.payment;
          if (paid[0]) expect(stored, log.join('\n')).toMatchObject({ status: 'paid', method: paid[0].method });
        }
        for (const b of bookings) {
          // Only accepted bookings get paid; a cancelled one was paid before it was cancelled, if ever.
          if (b.status === 'waiting') expect(b.payment, log.join('\n')).toBeUndefined();
          if (b.status === 'cancelled' && b.payment?.paidAt)
            expect(b.payment.paidAt <= b.cancelledAt!, log.join('\n')).toBe(true);
          const was = cancelledBefore.get(b.userId);
          if (b.status === 'cancelled' && was && was.cancelledAt === b.cancelledAt && !was.paid)
            expect(b.payment?.status, log.join('\n')).not.toBe('paid');
        }
        cancelledBefore = new Map(
          bookings
            .filter((b) => b.status === 'cancelled')
            .map((b) => [b.userId, { cancelledAt: b.cancelledAt!, paid: b.payment?.status === 'paid' }]),
        );
        // Every pass: never below zero, and exactly its credits minus the bookings it settled.
        const valid = await passes.ofTeam(team.id, day);
        for (let p = 0; p < PLAYERS; p++) {
          const pass = valid.find((x) => x.passId === passOf.get(p))!;
          const used = bookings.filter(
            (b) =>
              b.payment?.passId === pass.passId && (b.payment.status === 'paid' || b.payment.status === 'refunded'),
          ).length;
          expect(pass.remaining, log.join('\n')).toBeGreaterThanOrEqual(0);
          expect(pass.remaining, log.join('\n')).toBe(CREDITS - used);
          creditsBefore.set(p, pass.remaining ?? 0);
        }
        bookingsBefore = bookings;
      }
    }),
    {
      numRuns,
      seed: Number(process.env.PROPERTY_SEED ?? 20261123),
      endOnFailure: plantedRun,
      includeErrorInReport: plantedRun,
    },
  );
  return done;
}

/** The property: the scenarios with `calls`, and over all runs every kind of call did its work. */
async function paymentProperty(calls: Calls, numRuns: number): Promise<void> {
  const done = await checkPaymentScenarios(calls, numRuns);
  console.info('payment scenarios did', done);
  for (const [what, count] of Object.entries(done)) expect(count, `${what} over all runs`).toBeGreaterThan(0);
}

describe('payments and passes under random interleavings with the booking engine', () => {
  it(
    'a pass never goes below zero and counts exactly its uses; a booking is paid at most once; a cancelled booking never becomes paid',
    async () => {
      await paymentProperty(realCalls(), 25);
    },
    PROPERTY_TIMEOUT,
  );

  // Ten runs each: a broken call is caught in the first round that needs it, or by the totals.
  it.each([
    ['join', 'ALREADY_BOOKED'],
    ['cancel', 'BOOKING_NOT_FOUND'],
    ['markPaid', 'PAYMENT_NOT_ALLOWED'],
    ['markUnpaid', 'BOOKING_NOT_FOUND'],
    ['usePass', 'PASS_NOT_USABLE'],
  ] as [keyof Calls, ErrorCode][])('fails when %s always answers %s', async (method, code) => {
    await expect(paymentProperty(planted(method, code), 10)).rejects.toThrow(/must succeed|over all runs/);
  });
});
