import { CONTENDED_RETRY } from '#bookings/contention.ts';
import type { SignupJobDeps } from '#bookings/sign-up-jobs.ts';
import { SessionRepository } from '#sessions/repository.ts';

/**
 * The composition root of the background jobs (docs/ARCHITECTURE.md, "Composition root"): apart
 * from factories.ts, which builds the engines, so the jobs' bundles carry neither the engines nor
 * the contracts (infra/test/bundles.test.ts).
 */

/** The sign-up job's services: its session reads retry like its transactions (contended by default). */
export const signupJobDeps = (deps: Omit<SignupJobDeps, 'sessions'>): SignupJobDeps => ({
  ...deps,
  sessions: new SessionRepository(deps.store, deps.retry ?? CONTENDED_RETRY),
});
