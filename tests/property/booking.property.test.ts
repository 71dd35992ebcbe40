import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { BookingEngine } from '@shuttle/functions/bookings/engine.ts';
import { DomainError } from '@shuttle/functions/platform/errors.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';

type Op =
  | { kind: 'join'; player: number }
  | { kind: 'cancel'; player: number }
  | { kind: 'capacity'; capacity: number }
  | { kind: 'checkIn'; player: number };

const PLAYERS = 8;
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: player.map((p) => ({ kind: 'join' as const, player: p })) },
  { weight: 3, arbitrary: player.map((p) => ({ kind: 'cancel' as const, player: p })) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 6 }).map((c) => ({ kind: 'capacity' as const, capacity: c })) },
  { weight: 1, arbitrary: player.map((p) => ({ kind: 'checkIn' as const, player: p })) },
);
/** Rounds of operations; the operations of one round run at the same time. */
const scenario = fc.record({
  capacity: fc.integer({ min: 1, max: 4 }),
  rounds: fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { minLength: 2, maxLength: 6 }),
});

let h: ApiHarness;
let engine: BookingEngine;
beforeAll(async () => {
  h = await createApiHarness();
  engine = new BookingEngine({
    store: h.store,
    clock: h.clock,
    ids: () => crypto.randomUUID(),
    retry: { attempts: 40, baseDelayMs: 2, maxDelayMs: 30 },
  });
});
afterAll(() => h.close());

async function outboxFor(sessionId: string) {
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

describe('the booking engine under random interleavings', () => {
  it('keeps the booking invariants 1-4 (docs/ARCHITECTURE.md) after any mix of joins, cancels, capacity changes and check-ins', async () => {
    const team = await h.putTeam();
    await fc.assert(
      fc.asyncProperty(scenario, async ({ capacity, rounds }) => {
        const session = await h.putSession(team, { capacity });
        let promotions = 0;
        const log: string[] = [];
        const run = async (o: Op) => {
          const userId = `line_Uprop${o.kind === 'capacity' ? 0 : o.player}`;
          try {
            if (o.kind === 'join') {
              const r = await engine.join({
                sessionId: session.id,
                partySize: 1,
                player: { userId, name: userId, pictureUrl: '' },
              });
              log.push(`join ${userId} -> ${r.status}`);
            } else if (o.kind === 'cancel') {
              const r = await engine.cancel({ sessionId: session.id, userId });
              if (r.promoted) promotions += 1;
              log.push(`cancel ${userId} -> promoted ${r.promoted}`);
            } else if (o.kind === 'capacity') {
              const r = await engine.changeCapacity(session.id, o.capacity);
              promotions += r.promoted;
              log.push(`capacity ${o.capacity} -> promoted ${r.promoted}`);
            } else {
              await engine.checkIn(session.id, userId, 'attended');
              log.push(`checkIn ${userId}`);
            }
          } catch (error) {
            log.push(`${o.kind} ${userId} !! ${error instanceof DomainError ? error.code : String(error)}`);
            // Refusals (already booked, nothing to cancel, capacity below taken…) are answers.
            if (!(error instanceof DomainError) || error.code === 'BOOKING_FAILED' || error.code === 'INTERNAL')
              throw error;
          }
        };
        for (const round of rounds) {
          await Promise.all(round.map(run));
          log.push('--');
          await expectSessionInvariants(h.store, session.id);
        }
        const outbox = await outboxFor(session.id);
        expect(
          outbox.map((o) => `${o.userId} ${o.reason}`),
          log.join('\n'),
        ).toHaveLength(promotions);
        expect(new Set(outbox.map((o) => o.id)).size).toBe(outbox.length);
      }),
      { numRuns: 40, seed: Number(process.env.PROPERTY_SEED ?? 20261122) },
    );
  });
});
