import { CONTENDED_RETRY } from '#bookings/contention.ts';
import type { SignupJobDeps } from '#bookings/sign-up-jobs.ts';
import type { Store } from '#db/client.ts';
import type { NotifierRepositories } from '#notifications/dispatcher.ts';
import type { ReminderJobDeps } from '#notifications/signup-openings.ts';
import { OutboxRepository } from '#outbox/repository.ts';
import type { Clock } from '#platform/clock.ts';
import { PlayerRepository } from '#players/repository.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { LineUsageRepository } from '#teams/line-usage-repository.ts';
import { TeamOwners } from '#teams/owners.ts';
import { TeamRepository } from '#teams/repository.ts';
import { TeamAdminRepository } from '#teams/team-admin-repository.ts';

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

/** What the outbox dispatcher reads and writes (the notifier on AWS, the local poller, the tests). */
export const notifierRepositories = (store: Store): NotifierRepositories => ({
  outbox: new OutboxRepository(store),
  users: new PlayerRepository(store),
  sessions: new SessionRepository(store),
  teams: new TeamRepository(store),
  usage: new LineUsageRepository(store),
  owners: new TeamOwners(store, new TeamAdminRepository(store)),
});

/** The reminder job's (booking reminders, sign-up openings in groups) reads and writes. */
export const reminderJobDeps = (deps: { store: Store; clock: Clock }): ReminderJobDeps => ({
  ...deps,
  sessions: new SessionRepository(deps.store),
  outbox: new OutboxRepository(deps.store),
  teams: new TeamRepository(deps.store),
});
