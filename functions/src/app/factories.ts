import { type Passwords, PRODUCTION_PASSWORDS } from '#admin-accounts/password.ts';
import { AdminAccounts } from '#admin-accounts/repository.ts';
import { CONTENDED_RETRY } from '#bookings/contention.ts';
import { BookingEngine } from '#bookings/engine.ts';
import type { LevelGate } from '#bookings/level-gate.ts';
import { SessionChangeEngine } from '#bookings/session-changes.ts';
import type { Store } from '#db/client.ts';
import { NoShowRule } from '#payments/no-show.ts';
import { PaymentDetailsStore } from '#payments/payment-details.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import { EmailVerification } from '#players/email-verification.ts';
import { PlayerRepository } from '#players/repository.ts';
import { RatingLevelGate } from '#rotation/level-gate.ts';
import { RatingRepository } from '#rotation/rating-repository.ts';
import { RotationRepository } from '#rotation/repository.ts';
import { type RotationPublisher, RotationService } from '#rotation/service.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { MembershipRepository } from '#teams/membership-repository.ts';
import { TeamRepository } from '#teams/repository.ts';

/**
 * The composition root (docs/ARCHITECTURE.md, "Composition root"): one factory per concern,
 * called with its settings by the local server (services.ts, admin-services.ts), every Lambda
 * route group (member-groups.ts, admin-groups.ts), the handlers and the tests alike. Domain
 * classes receive the repositories and engines they use; only app/, handlers/ and local/
 * construct them (functions/test/architecture.test.ts counts).
 */

interface Base {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  retry?: RetryPolicy;
}

/** The booking engine: its session reads retry like its transactions (contended by default). */
export const bookingEngine = ({ store, clock, ids, retry, levelGate }: Base & { levelGate?: LevelGate }) =>
  new BookingEngine({
    store,
    clock,
    ids,
    retry,
    sessions: new SessionRepository(store, retry ?? CONTENDED_RETRY),
    ...(levelGate ? { levelGate } : {}),
  });

/**
 * The engine of a player's own calls (the member API, LINE card postbacks): a join checks the
 * session's level range (docs/ON-COURT.md, "Level filters"). Admins add players unchecked, and
 * the admin groups leave the rating reads out of their bundles.
 */
export const playerBookingEngine = (deps: Base) =>
  bookingEngine({ ...deps, levelGate: new RatingLevelGate(deps.store) });

/** Whole-session changes under closed sign-up, with the engine's retry. */
export const sessionChangeEngine = ({ store, clock, ids, retry }: Base) =>
  new SessionChangeEngine({
    store,
    clock,
    ids,
    retry,
    sessions: new SessionRepository(store, retry ?? CONTENDED_RETRY),
  });

/** Admin accounts, hashing passwords at production's work factor unless `passwords` says otherwise. */
export const adminAccounts = ({ store, clock, ids, passwords }: Omit<Base, 'retry'> & { passwords?: Passwords }) =>
  new AdminAccounts({
    store,
    clock,
    ids,
    users: new PlayerRepository(store),
    passwords: passwords ?? PRODUCTION_PASSWORDS,
  });

export const emailVerification = (deps: { store: Store; clock: Clock; mailer: EmailSender; pepper: string }) =>
  new EmailVerification({ ...deps, users: new PlayerRepository(deps.store) });

export const noShowRule = ({ store, clock }: { store: Store; clock: Clock }) =>
  new NoShowRule({ store, clock, members: new MembershipRepository(store), sessions: new SessionRepository(store) });

export const paymentDetails = ({ store, clock, ids }: Omit<Base, 'retry'>) =>
  new PaymentDetailsStore(store, clock, ids, new TeamRepository(store));

/** The rotation board's calls; `levels` are the players' self-assessed levels (PlayerRepository.levels). */
export const rotationService = (deps: {
  store: Store;
  clock: Clock;
  sessions: SessionRepository;
  users: Pick<PlayerRepository, 'levels'>;
  boards?: RotationRepository;
  publish?: RotationPublisher;
}) =>
  new RotationService({
    store: deps.store,
    clock: deps.clock,
    sessions: deps.sessions,
    boards: deps.boards ?? new RotationRepository(deps.store),
    ratings: new RatingRepository(deps.store),
    levels: (userIds) => deps.users.levels(userIds),
    publish: deps.publish,
  });
