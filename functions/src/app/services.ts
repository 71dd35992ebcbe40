import { memberReferences } from '#access/references.ts';
import { LeaderAccounts } from '#admin-accounts/leader-accounts.ts';
import { AdminAccounts } from '#admin-accounts/repository.ts';
import { BookingEngine } from '#bookings/engine.ts';
import { SessionChangeEngine } from '#bookings/session-changes.ts';
import { NoShowRule } from '#payments/no-show.ts';
import { PassRepository } from '#payments/pass-repository.ts';
import { PaymentDetailsStore } from '#payments/payment-details.ts';
import { PaymentRepository } from '#payments/repository.ts';
import { SettlementRepository } from '#payments/settlement-repository.ts';
import { UserRepository } from '#players/repository.ts';
import { RotationService } from '#rotation/service.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { MembershipRepository } from '#teams/membership-repository.ts';
import { NoShowSettings } from '#teams/no-show-settings.ts';
import { TeamRepository } from '#teams/repository.ts';
import { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import type { AppDeps } from './deps.ts';
import { memberHttp, rateLimiter } from './http-options.ts';

export type { AppDeps } from './deps.ts';

/** The repositories and services every feature's routes share, built once per app. */
export function services(deps: AppDeps) {
  const limiter = rateLimiter(deps);
  const users = new UserRepository(deps.store);
  const accounts = new AdminAccounts({ store: deps.store, clock: deps.clock, ids: deps.ids });
  const sessions = new SessionRepository(deps.store);
  const teams = new TeamRepository(deps.store);
  const rotation = new RotationService({
    store: deps.store,
    clock: deps.clock,
    sessions,
    levels: (userIds) => users.levels(userIds),
    publish: deps.rotationPublisher,
  });
  return {
    ...deps,
    engine: new BookingEngine({ store: deps.store, clock: deps.clock, ids: deps.ids, retry: deps.retry }),
    sessionChanges: new SessionChangeEngine({ store: deps.store, clock: deps.clock, ids: deps.ids, retry: deps.retry }),
    sessions,
    rotation,
    teams,
    memberships: new MembershipRepository(deps.store),
    teamAdmins: new TeamAdminRepository(deps.store),
    accounts,
    leaders: new LeaderAccounts({ store: deps.store, clock: deps.clock, accounts }),
    users,
    levels: (userIds: string[]) => users.levels(userIds),
    payments: new PaymentRepository(deps.store, deps.clock),
    passes: new PassRepository(deps.store, deps.clock, deps.ids),
    settlements: new SettlementRepository(deps.store, deps.clock),
    paymentDetails: new PaymentDetailsStore(deps.store, deps.clock, deps.ids),
    noShowSettings: new NoShowSettings(deps.store),
    noShows: new NoShowRule(deps.store, deps.clock),
    http: memberHttp(deps, limiter, memberReferences({ sessions, teams, boards: rotation.repo })),
  };
}

export type Services = ReturnType<typeof services>;
