import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { bookingEngine } from '@shuttle/functions/app/factories.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../support/harness.ts';
import { expectSessionInvariants, readSessionState } from '../support/invariants.ts';

/**
 * A popular session at sign-up time: capacity full, new players joining the waitlist as fast
 * as the machine allows, while booked players cancel and the admin raises capacity. A release
 * pins only the seats and the waitlist prefix it promotes (docs/ARCHITECTURE.md, "Choices"), so
 * the joins streaming in behind never make it give up. Latencies are printed, not asserted.
 */
const CAPACITY = 10;
const JOIN_WORKERS = 6;
const CANCELS = 20;
const CAPACITY_CHANGES = 5;
/** Bounds of the join stream, so the test stops by itself whatever happens. */
const MAX_STREAM_JOINS = 5_000;
const MAX_STREAM_MS = 60_000;

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(() => h.close());

const player = (userId: string) => ({ userId, name: userId, pictureUrl: '' });

describe('releases under a stream of joins', () => {
  it('every cancel and capacity change succeeds, promoting in order and exactly once', async () => {
    const engine = bookingEngine({ store: h.store, clock: h.clock, ids: randomId });
    const team = await h.putTeam();
    const session = await h.putSession(team, { capacity: CAPACITY });
    const booked = Array.from({ length: CAPACITY }, (_, i) => `booked${String(i).padStart(3, '0')}`);
    for (const userId of booked) {
      await engine.join({ sessionId: session.id, player: player(userId), partySize: 1 });
    }

    let stop = false;
    let streamed = 0;
    const order: string[][] = Array.from({ length: JOIN_WORKERS }, () => []);
    const streamStarted = performance.now();
    /** Resolves once 30 joins are in: the waitlist has grown. */
    let grown = () => {};
    const waitlistGrown = new Promise<void>((resolve) => {
      grown = resolve;
    });
    const workers = order.map(async (mine, w) => {
      for (let n = 0; !stop && streamed < MAX_STREAM_JOINS && performance.now() - streamStarted < MAX_STREAM_MS; n++) {
        const userId = `stream${w}_${String(n).padStart(4, '0')}`;
        const outcome = await engine.join({ sessionId: session.id, player: player(userId), partySize: 1 });
        mine.push(userId);
        streamed += 1;
        if (streamed === 30) grown();
        expect(outcome.status).toBe('waiting');
      }
    });

    const latencies: { op: string; ms: number; ok: boolean; error?: string }[] = [];
    const timed = async (op: string, run: () => Promise<unknown>) => {
      const started = performance.now();
      try {
        await run();
        latencies.push({ op, ms: performance.now() - started, ok: true });
      } catch (error) {
        latencies.push({ op, ms: performance.now() - started, ok: false, error: String(error) });
      }
    };

    // Let the waitlist grow first, then interleave the releases with the stream.
    await Promise.race([waitlistGrown, Promise.all(workers)]);
    let capacity = CAPACITY;
    for (let i = 0; i < CANCELS + CAPACITY_CHANGES; i++) {
      if (i % 5 === 4) {
        capacity += 1;
        const target = capacity;
        await timed('capacity', () => engine.changeCapacity(session.id, target));
      } else {
        // Any player holding a place now (first the booked ones, then promoted ones) cancels.
        const { bookings } = await readSessionState(h.store, session.id);
        const holder = bookings.find((b) => b.status === 'accepted')!.userId;
        await timed('cancel', () => engine.cancel({ sessionId: session.id, userId: holder }));
      }
    }
    stop = true;
    await Promise.all(workers);

    const failed = latencies.filter((l) => !l.ok);
    const sorted = latencies.map((l) => l.ms).sort((a, b) => a - b);
    console.log(
      `${streamed} joins streamed by ${JOIN_WORKERS} workers; ${latencies.length} releases: ` +
        `p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms, failed ${failed.length}`,
    );
    expect(failed, 'every release succeeds').toEqual([]);
    expect(latencies).toHaveLength(CANCELS + CAPACITY_CHANGES);

    const state = await expectSessionInvariants(h.store, session.id);
    const promotedIds = state.bookings.filter((b) => b.promotedAt).map((b) => b.userId);
    // Every release frees exactly one seat, and each goes to the head of the waitlist.
    expect(promotedIds).toHaveLength(CANCELS + CAPACITY_CHANGES);
    const stillWaiting = new Set(state.waitlist.map((e) => e.userId));
    for (const mine of order) {
      // Within one worker the joins committed in sequence: every promoted one came before every one still waiting.
      const firstWaiting = mine.findIndex((id) => stillWaiting.has(id));
      const lastPromoted = mine.findLastIndex((id) => promotedIds.includes(id));
      if (firstWaiting >= 0 && lastPromoted >= 0) expect(lastPromoted).toBeLessThan(firstWaiting);
    }

    // Exactly one 'promoted' notification per promoted player.
    const { Items = [] } = await h.store.doc.send(
      new QueryCommand({
        TableName: h.store.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
      }),
    );
    const notices = Items.filter((i) => i.sessionId === session.id && i.kind === 'promoted').map((i) => i.userId);
    expect(notices.sort()).toEqual([...promotedIds].sort());
  }, 120_000);
});
