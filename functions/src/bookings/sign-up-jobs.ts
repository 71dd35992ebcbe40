import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { type RetryPolicy, withRetry } from '#platform/retry.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { CONTENDED_RETRY } from './contention.ts';
import { drawJobItem, drawLottery, scheduleDueDraws, settleDraw } from './draw.ts';
import { tellRestOfLastCall } from './last-call.ts';
import { drawIsDue, isLottery } from './lottery.ts';
import { expireOffer } from './offers.ts';

/**
 * The sign-up job (docs/FAIR-SIGNUP.md): runs every lottery draw (entered or not: a create call's
 * `lotteries` marker, draw.ts) and waitlist offer expiry that is due, tells each entrant the
 * draw's result as their row settles, and tells the players past the first 90 on the list of a
 * last call (last-call.ts).
 * Work is found through marker items in one partition (`SIGNUPJOBS`, TABLE.md "Fair sign-up"),
 * read oldest-due first and bounded per run; never a scan. Every step is a
 * conditional write, so retries and concurrent runners (a Lambda retry, the local timer, a
 * join that triggers a due draw) change each thing exactly once.
 */

export interface SignupJobDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  retry?: RetryPolicy;
}

interface JobMarker {
  PK: string;
  SK: string;
  kind: 'draw' | 'offer' | 'lastCall' | 'lotteries';
  sessionId: string;
  userId?: string;
  dueAt: string;
  /** lastCall: the opening, the players still to tell and why the place freed (last-call.ts). */
  openingId?: string;
  userIds?: string[];
  reason?: string;
  /** lotteries: the create call's marker id and its `<drawAt>|<sessionId>` draws (draw.ts `lotteryDrawsItem`). */
  id?: string;
  draws?: string[];
}

/** Markers one run takes at most; the rest wait for the next run (every minute on AWS). */
export const JOBS_PER_RUN = 50;

export async function runSignupJobs(
  deps: SignupJobDeps,
): Promise<{ draws: number; settled: number; expired: number; told: number }> {
  const now = deps.clock.now();
  const { Items } = await deps.store.doc.send(
    new QueryCommand({
      TableName: deps.store.tableName,
      KeyConditionExpression: 'PK = :pk AND SK <= :due',
      ExpressionAttributeValues: { ':pk': 'SIGNUPJOBS', ':due': `${now.toISOString()}#~` },
      ConsistentRead: true,
      Limit: JOBS_PER_RUN,
    }),
  );
  const totals = { draws: 0, settled: 0, expired: 0, told: 0 };
  const failures: unknown[] = [];
  for (const marker of (Items ?? []) as JobMarker[]) {
    try {
      if (marker.kind === 'draw') {
        const { drawn, settled } = await runDraw(deps, marker, now);
        totals.draws += drawn ? 1 : 0;
        totals.settled += settled;
      } else if (marker.kind === 'offer' && marker.userId) {
        if (await expireOffer(deps, marker.sessionId, marker.userId, now)) totals.expired += 1;
        await removeMarker(deps.store, marker);
      } else if (marker.kind === 'lastCall') {
        const session = await new SessionRepository(deps.store).get(marker.sessionId, { consistent: true });
        const { openingId = '', userIds = [], reason = '' } = marker;
        totals.told += await tellRestOfLastCall(deps, { ...marker, openingId, userIds, reason }, session);
      } else if (marker.kind === 'lotteries') {
        // Each due draw gets its own marker and runs now (a lottery nobody entered too); a failure leaves it for the next run.
        for (const draw of await scheduleDueDraws(deps.store, marker, now)) {
          const { drawn, settled } = await runDraw(deps, draw as JobMarker, now);
          totals.draws += drawn ? 1 : 0;
          totals.settled += settled;
        }
      }
    } catch (error) {
      // One marker's failure does not hold up the others; it stays and the next run retries it.
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
  return totals;
}

async function removeMarker(store: Store, marker: Pick<JobMarker, 'PK' | 'SK'>) {
  await store.doc.send(new DeleteCommand({ TableName: store.tableName, Key: { PK: marker.PK, SK: marker.SK } }));
}

/** The entries or seats moved between the read and the draw (or another runner drew): read again. */
class DrawMovedError extends Error {}

/** Draws a due lottery (if nobody has yet), settles its booking rows, then drops the marker. */
async function runDraw(deps: SignupJobDeps, marker: JobMarker, now: Date) {
  const retry = deps.retry ?? CONTENDED_RETRY;
  const sessions = new SessionRepository(deps.store, retry);
  let drawn = false;
  const session = await withRetry(
    async () => {
      const current = await sessions.get(marker.sessionId, { consistent: true });
      if (!current || !drawIsDue(current, now)) return current;
      drawn = await drawLottery(deps.store, current, now, retry);
      if (!drawn) throw new DrawMovedError();
      return sessions.get(marker.sessionId, { consistent: true });
    },
    (error) => error instanceof DrawMovedError,
    { ...retry, attempts: 5 },
  );
  if (!session || !isLottery(session)) {
    await removeMarker(deps.store, marker);
    return { drawn, settled: 0 };
  }
  if (!session.lotteryDrawnAt) {
    // The admin moved sign-up later: the marker moves with it.
    const moved = drawJobItem(session);
    if (moved.SK !== marker.SK) {
      await deps.store.doc.send(new PutCommand({ TableName: deps.store.tableName, Item: moved }));
      await removeMarker(deps.store, marker);
    }
    return { drawn, settled: 0 };
  }
  const settled = await settleDraw(deps.store, session, await sessions.bookings(session.id), now, retry);
  await removeMarker(deps.store, marker);
  return { drawn, settled };
}

/** A timer for the local server: the same job every few seconds, so a 1-minute lottery draws within seconds. */
export function startSignupJobTimer(deps: SignupJobDeps & { intervalMs?: number; log?: Pick<Console, 'error'> }): {
  stop(): Promise<void>;
} {
  const log = deps.log ?? console;
  let stopped = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  const run = () => {
    inFlight = inFlight
      .then(() => (stopped ? null : runSignupJobs(deps)))
      .catch((error: unknown) => {
        if (!stopped) log.error('Sign-up job failed', error);
      });
  };
  const timer = setInterval(run, deps.intervalMs ?? 3_000);
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
