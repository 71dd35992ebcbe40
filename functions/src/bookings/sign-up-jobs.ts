import type { Store } from '#db/client.ts';
import type { SignupJob } from '#db/codecs/jobs.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { type RetryPolicy, withRetry } from '#platform/retry.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { CONTENDED_RETRY } from './contention.ts';
import { drawJob, drawLottery, scheduleDueDraws, settleDraw } from './draw.ts';
import { tellRestOfLastCall } from './last-call.ts';
import { drawIsDue, isLottery } from './lottery.ts';
import { expireOffer } from './offers.ts';
import { dueSignupJobs, putSignupJob, removeSignupJob } from './sign-up-job-repository.ts';

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
  /** The session reads, retried like the draws' transactions (`signupJobDeps`, app/jobs.ts). */
  sessions: SessionRepository;
}

/** Markers one run takes at most; the rest wait for the next run (every minute on AWS). */
export const JOBS_PER_RUN = 50;

export async function runSignupJobs(
  deps: SignupJobDeps,
): Promise<{ draws: number; settled: number; expired: number; told: number }> {
  const now = deps.clock.now();
  const markers = await dueSignupJobs(deps.store, now, JOBS_PER_RUN);
  const totals = { draws: 0, settled: 0, expired: 0, told: 0 };
  const failures: unknown[] = [];
  for (const marker of markers) {
    try {
      if (marker.kind === 'draw') {
        const { drawn, settled } = await runDraw(deps, marker, now);
        totals.draws += drawn ? 1 : 0;
        totals.settled += settled;
      } else if (marker.kind === 'offer') {
        if (await expireOffer(deps, marker.sessionId, marker.userId, now)) totals.expired += 1;
        await removeSignupJob(deps.store, marker);
      } else if (marker.kind === 'lastCall') {
        const session = await deps.sessions.get(marker.sessionId, { consistent: true });
        totals.told += await tellRestOfLastCall(deps, marker, session);
      } else {
        // Each due draw gets its own marker and runs now (a lottery nobody entered too); a failure leaves it for the next run.
        for (const draw of await scheduleDueDraws(deps.store, marker, now)) {
          const { drawn, settled } = await runDraw(deps, draw, now);
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

/** The entries or seats moved between the read and the draw (or another runner drew): read again. */
class DrawMovedError extends Error {}

/** Draws a due lottery (if nobody has yet), settles its booking rows, then drops the marker. */
async function runDraw(deps: SignupJobDeps, marker: Extract<SignupJob, { kind: 'draw' }>, now: Date) {
  const retry = deps.retry ?? CONTENDED_RETRY;
  const { sessions } = deps;
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
    await removeSignupJob(deps.store, marker);
    return { drawn, settled: 0 };
  }
  if (!session.lotteryDrawnAt) {
    // The admin moved sign-up later: the marker moves with it.
    const moved = drawJob(session);
    if (moved.dueAt !== marker.dueAt) {
      await putSignupJob(deps.store, moved);
      await removeSignupJob(deps.store, marker);
    }
    return { drawn, settled: 0 };
  }
  const settled = await settleDraw(deps.store, session, await sessions.bookings(session.id), now, retry);
  await removeSignupJob(deps.store, marker);
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
