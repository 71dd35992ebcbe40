/**
 * The payments property (tests/property/payments.property.test.ts and, with planted faults,
 * payments-planted.property.test.ts): random rounds of joins, cancels, check-ins, passes, payments,
 * refunds and per-head nights against a table of DynamoDB Local, money checked after every round
 * (docs/MONEY.md). Each file runs on a harness of its own (`usePaymentScenarios`), so the two run
 * side by side rather than one after another.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bookingEngine } from '@shuttle/functions/app/factories.ts';
import type { BookingEngine } from '@shuttle/functions/bookings/engine.ts';
import { bookingCodec } from '@shuttle/functions/db/codecs/sessions.ts';
import { CreditRepository } from '@shuttle/functions/payments/credit-repository.ts';
import { PassRepository } from '@shuttle/functions/payments/pass-repository.ts';
import { PaymentRepository } from '@shuttle/functions/payments/repository.ts';
import { SettlementRepository } from '@shuttle/functions/payments/settlement-repository.ts';
import { DomainError } from '@shuttle/functions/platform/errors.ts';
import type { BookingRecord } from '@shuttle/functions/sessions/model.ts';
import { SessionRepository } from '@shuttle/functions/sessions/repository.ts';
import { type ErrorCode, type Payment, paymentOf, type RefundAs } from '@shuttle/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { type ApiHarness, createApiHarness } from './harness.ts';
import { expectSessionInvariants } from './invariants.ts';

/** A property's runs take a minute on a busy machine: room beyond the API tests' default. */
export const PROPERTY_TIMEOUT = 240_000;

type Op =
  | { kind: 'join'; player: number }
  | { kind: 'cancel'; player: number }
  | { kind: 'markPaid'; player: number; method: 'cash' | 'transfer' }
  | { kind: 'markUnpaid'; player: number }
  | { kind: 'checkInWithPass'; player: number }
  | { kind: 'checkIn'; player: number }
  | { kind: 'close'; player: number }
  | { kind: 'reopen'; player: number }
  | { kind: 'settleRefund'; player: number; as: RefundAs }
  | { kind: 'payWithCredit'; player: number };

const PLAYERS = 5;
const CREDITS = 2;
const PRICE = 200;
/** The per-head night's costs: over 1 present player the share is above the price, over 2 or more below it. */
const NIGHT_COST = 300;
/** What a payment takes from the player's credit (`payWithCredit`). */
const CREDIT_USE = 50;
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
  { weight: 3, arbitrary: player.map((p) => ({ kind: 'checkIn' as const, player: p })) },
  // The admin's calls on the whole night; `player` only names who made them in the log.
  { weight: 2, arbitrary: player.map((p) => ({ kind: 'close' as const, player: p })) },
  { weight: 2, arbitrary: player.map((p) => ({ kind: 'reopen' as const, player: p })) },
  {
    weight: 5,
    arbitrary: fc
      .tuple(player, fc.constantFrom<RefundAs>('refunded', 'credit'))
      .map(([p, as]) => ({ kind: 'settleRefund' as const, player: p, as })),
  },
  { weight: 2, arbitrary: player.map((p) => ({ kind: 'payWithCredit' as const, player: p })) },
);
/**
 * An evening often begins with players joining, coming and paying (a prefix of rounds), so that
 * closing the per-head night finds payments above their share and refunds become due.
 */
const evening: Op[][] = [
  [0, 1, 2].map((p) => ({ kind: 'join' as const, player: p })),
  [0, 1, 2].flatMap((p) => [
    { kind: 'checkIn' as const, player: p },
    { kind: 'markPaid' as const, player: p, method: 'transfer' as const },
  ]),
  [{ kind: 'close' as const, player: 0 }],
];
const scenario = fc
  .record({
    capacity: fc.integer({ min: 1, max: 3 }),
    start: fc.boolean(),
    rounds: fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 6 }),
  })
  .map(({ capacity, start, rounds }) => ({ capacity, rounds: start ? [...evening, ...rounds] : rounds }));

/**
 * The calls the scenarios make. The property also checks that its runs did real work: a call the
 * state at the start of a round says must succeed did succeed, and over all runs every kind of
 * call succeeded. The planted tests make a call always refuse and show that the property then fails.
 */
export interface Calls {
  join: BookingEngine['join'];
  cancel: BookingEngine['cancel'];
  checkIn: BookingEngine['checkIn'];
  markPaid: PaymentRepository['markPaid'];
  markUnpaid: PaymentRepository['markUnpaid'];
  usePass: PaymentRepository['usePass'];
  close: SettlementRepository['close'];
  reopen: SettlementRepository['reopen'];
  settleRefund: PaymentRepository['settleRefund'];
}

/** What the runs did, over all runs. */
type Done = {
  joined: number;
  cancelled: number;
  paid: number;
  unpaid: number;
  passUsed: number;
  closed: number;
  reopened: number;
  refunded: number;
  credit: number;
  creditUsed: number;
};

/** A harness, the engine and the repositories for the calling test file, made before its tests and closed after them. */
export function usePaymentScenarios() {
  let h: ApiHarness;
  let engine: BookingEngine;
  let payments: PaymentRepository;
  let passes: PassRepository;
  let settlements: SettlementRepository;
  let credits: CreditRepository;
  beforeAll(async () => {
    h = await createApiHarness();
    const retry = { attempts: 40, baseDelayMs: 2, maxDelayMs: 30 };
    engine = bookingEngine({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID(), retry });
    payments = new PaymentRepository(h.store, h.clock);
    passes = new PassRepository(h.store, h.clock, () => crypto.randomUUID());
    settlements = new SettlementRepository(h.store, h.clock);
    credits = new CreditRepository(h.store);
  });
  afterAll(() => h.close());

  const realCalls = (): Calls => ({
    join: (r) => engine.join(r),
    cancel: (r) => engine.cancel(r),
    checkIn: (s, u, a) => engine.checkIn(s, u, a),
    markPaid: (r, price) => payments.markPaid(r, price),
    markUnpaid: (s, u, price) => payments.markUnpaid(s, u, price),
    usePass: (s, u, pass, price) => payments.usePass(s, u, pass, price),
    close: (session, read, by) => settlements.close(session, read, by),
    reopen: (session, read, by) => settlements.reopen(session, read, by),
    settleRefund: (s, u, as, price) => payments.settleRefund(s, u, as, price),
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

  /**
   * The real calls with a broken refund write: the refund is put on the payment unconditionally and
   * a refund kept as credit never reaches the player's credit item.
   */
  function brokenRefundWrite(): Calls {
    return {
      ...realCalls(),
      settleRefund: async (sessionId, userId, as, price) => {
        const booking = await payments.booking(sessionId, userId);
        const due = booking ? paymentOf(price, booking).refundDue : undefined;
        if (!booking || !due) throw new DomainError('NO_REFUND_DUE');
        const refund = { amount: due, as, at: h.clock.now().toISOString() };
        await h.store.doc.send(
          new UpdateCommand({
            TableName: h.store.tableName,
            Key: { PK: `SESSION#${sessionId}`, SK: `BOOKING#${userId}` },
            UpdateExpression: 'SET payment.refund = :refund',
            ExpressionAttributeValues: { ':refund': refund },
          }),
        );
        return paymentOf(price, { ...booking, payment: { ...booking.payment!, refund } });
      },
    };
  }

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
    const done: Done = {
      joined: 0,
      cancelled: 0,
      paid: 0,
      unpaid: 0,
      passUsed: 0,
      closed: 0,
      reopened: 0,
      refunded: 0,
      credit: 0,
      creditUsed: 0,
    };
    const plantedRun = numRuns < 25;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ capacity, rounds }) => {
        // Each run its own team: a player's credit is per team, so runs do not share balances.
        const team = await h.putTeam();
        const session = await h.putSession(team, { capacity, price: PRICE });
        await settlements.update(session, { split: 'perHead', otherCosts: [{ label: 'night', amount: NIGHT_COST }] });
        const readBookings = () => new SessionRepository(h.store).bookings(session.id);
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
              } else if (o.kind === 'checkIn') {
                await calls.checkIn(session.id, userId, 'attended');
              } else if (o.kind === 'close') {
                await calls.close(session, readBookings, { by: 'prop', early: true });
                done.closed += 1;
              } else if (o.kind === 'reopen') {
                await calls.reopen(session, readBookings, { name: 'prop', adminId: 'prop' });
                done.reopened += 1;
              } else if (o.kind === 'settleRefund') {
                await calls.settleRefund(session.id, userId, o.as, PRICE);
                done[o.as] += 1;
              } else if (o.kind === 'payWithCredit') {
                const owed = (await payments.booking(session.id, userId))?.share ?? PRICE;
                const paid = await calls.markPaid(
                  {
                    sessionId: session.id,
                    userId,
                    method: 'cash',
                    amount: Math.max(0, owed - CREDIT_USE),
                    credit: CREDIT_USE,
                  },
                  PRICE,
                );
                paidAnswers.set(o.player, [...(paidAnswers.get(o.player) ?? []), paid]);
                done.creditUsed += 1;
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
              if (
                !(error instanceof DomainError) ||
                ['BOOKING_FAILED', 'INTERNAL', 'SERVICE_BUSY', 'SETTLEMENT_CHANGED'].includes(error.code)
              )
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
            if (b && b.status !== 'cancelled' && !b.attendance && !alsoIn(['checkInWithPass', 'checkIn']))
              mustSucceed(p, ['cancel'], `a cancel of ${p}, booked`);
            // A settled refund keeps its payment (REFUND_SETTLED): undoing it would count the money twice.
            if (b && !b.payment?.refund && !alsoIn(['settleRefund']))
              mustSucceed(p, ['markUnpaid'], `marking ${p} unpaid, a booking`);
            const settles = b?.status === 'accepted' && !alsoIn(['cancel', 'markUnpaid']);
            if (settles) mustSucceed(p, ['markPaid'], `marking ${p} paid, accepted`);
            if (settles && (b.payment?.status === 'paid' || creditsBefore.get(p)! >= 1))
              mustSucceed(p, ['checkInWithPass'], `settling ${p} with a pass, accepted`);
            // A refund due at the round's start is settled by some settling call, unless the night reopens.
            const due = b ? paymentOf(PRICE, b).refundDue : undefined;
            if (due && !round.some((o) => o.kind === 'reopen') && !alsoIn(['markUnpaid', 'cancel']))
              mustSucceed(p, ['settleRefund'], `settling ${p}'s refund due`);
          }
          await expectSessionInvariants(h.store, session.id);

          const bookings = await bookingsOf(session.id);
          // Paid at most once: every paying call of a round for one booking answers the same payment.
          for (const [p, answers] of paidAnswers) {
            if (unpaidIn.has(p) || cancelledIn.has(p)) continue;
            // The payment itself (a share fixed or a refund settled meanwhile changes what is owed, not it).
            const paid = answers
              .filter((a) => a.status === 'paid')
              .map(({ method, paidAt, passId, creditUsed }) => ({ method, paidAt, passId, creditUsed }));
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
          await expectMoneyConsistent(team.id, session.id, bookings, log);
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

  /**
   * The per-head night and its money (docs/MONEY.md, "Refunds and credit"): shares are on the
   * bookings exactly while the settlement is closed, and are its shares; a refund is settled once,
   * on a paid booking, for what it gave above its share; each player's credit is what refunds kept
   * as credit added less what payments took, never below zero.
   */
  async function expectMoneyConsistent(teamId: string, sessionId: string, bookings: BookingRecord[], log: string[]) {
    const why = log.join('\n');
    const record = await settlements.record(sessionId);
    const closed = record?.status === 'closed' ? record.closed : undefined;
    const shareOf = new Map((closed?.shares ?? []).map((s) => [s.userId, s.amount]));
    for (const b of bookings) {
      if (b.share !== undefined) expect(shareOf.get(b.userId), `${b.userId} ${why}`).toBe(b.share);
      const refund = b.payment?.refund;
      if (!refund) continue;
      expect(b.payment!.status, `${b.userId} ${why}`).toBe('paid');
      expect(b.share, `${b.userId} ${why}`).toBeDefined();
      expect(refund.amount, `${b.userId} ${why}`).toBe(b.payment!.amount + (b.payment!.credit ?? 0) - b.share!);
    }
    if (closed) {
      for (const s of closed.shares) expect(bookings.find((b) => b.userId === s.userId)?.share, why).toBe(s.amount);
    }
    for (const p of Array.from({ length: PLAYERS }, (_, i) => `line_Upay${i}`)) {
      const kept = bookings
        .filter((b) => b.userId === p && b.payment?.refund?.as === 'credit')
        .reduce((sum, b) => sum + b.payment!.refund!.amount, 0);
      const taken = bookings
        .filter((b) => b.userId === p && b.payment?.status === 'paid' && b.payment.credit)
        .reduce((sum, b) => sum + b.payment!.credit!, 0);
      const balance = await credits.balance(teamId, p);
      expect(balance, `${p} ${why}`).toBeGreaterThanOrEqual(0);
      expect(balance, `${p} ${why}`).toBe(kept - taken);
    }
  }

  return { realCalls, planted, brokenRefundWrite, paymentProperty };
}
