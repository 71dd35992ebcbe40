import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { BookingEngine } from '@shuttle/functions/bookings/engine.ts';
import { bookingCodec } from '@shuttle/functions/db/codecs/sessions.ts';
import { PassRepository } from '@shuttle/functions/payments/pass-repository.ts';
import { PaymentRepository } from '@shuttle/functions/payments/repository.ts';
import { DomainError } from '@shuttle/functions/platform/errors.ts';
import type { BookingRecord } from '@shuttle/functions/sessions/model.ts';
import type { Payment } from '@shuttle/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

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
  engine = new BookingEngine({ store: h.store, clock: h.clock, ids: () => crypto.randomUUID(), retry });
  payments = new PaymentRepository(h.store, h.clock);
  passes = new PassRepository(h.store, h.clock, () => crypto.randomUUID());
});
afterAll(() => h.close());

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

describe('payments and passes under random interleavings with the booking engine', () => {
  it('a pass never goes below zero and counts exactly its uses; a booking is paid at most once; a cancelled booking never becomes paid', async () => {
    const team = await h.putTeam();
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
        for (const round of rounds) {
          h.clock.advance(60_000);
          const paidAnswers = new Map<number, Payment[]>();
          const unpaidIn = new Set(round.filter((o) => o.kind === 'markUnpaid').map((o) => o.player));
          const cancelledIn = new Set(round.filter((o) => o.kind === 'cancel').map((o) => o.player));
          const run = async (o: Op) => {
            const userId = userOf(o.player);
            try {
              if (o.kind === 'join') {
                await engine.join({
                  sessionId: session.id,
                  partySize: 1,
                  player: { userId, name: userId, pictureUrl: '' },
                });
              } else if (o.kind === 'cancel') {
                await engine.cancel({ sessionId: session.id, userId });
              } else if (o.kind === 'markPaid') {
                const paid = await payments.markPaid(
                  { sessionId: session.id, userId, method: o.method, amount: PRICE },
                  PRICE,
                );
                paidAnswers.set(o.player, [...(paidAnswers.get(o.player) ?? []), paid]);
              } else if (o.kind === 'markUnpaid') {
                await payments.markUnpaid(session.id, userId, PRICE);
              } else {
                // The admin checks the player in and settles the booking with their pass.
                await engine.checkIn(session.id, userId, 'attended').catch((error: unknown) => {
                  if (!(error instanceof DomainError)) throw error;
                });
                const paid = await payments.usePass(session.id, userId, passOf.get(o.player)!, PRICE);
                paidAnswers.set(o.player, [...(paidAnswers.get(o.player) ?? []), paid]);
              }
              log.push(`${o.kind} ${o.player} ok`);
            } catch (error) {
              log.push(`${o.kind} ${o.player} !! ${error instanceof DomainError ? error.code : String(error)}`);
              if (
                !(error instanceof DomainError) ||
                ['BOOKING_FAILED', 'INTERNAL', 'SERVICE_BUSY'].includes(error.code)
              )
                throw error;
            }
          };
          await Promise.all(round.map(run));
          log.push('--');
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
          }
        }
      }),
      { numRuns: 25, seed: Number(process.env.PROPERTY_SEED ?? 20261123) },
    );
  });
});
