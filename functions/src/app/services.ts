import { memberReferences } from '#access/references.ts';
import { LeaderAccounts } from '#admin-accounts/leader-accounts.ts';
import { SelfCheckInRepository } from '#bookings/self-check-in-repository.ts';
import { ServiceHandover } from '#notifications/service-handover.ts';
import { CreditRepository } from '#payments/credit-repository.ts';
import { PassRepository } from '#payments/pass-repository.ts';
import { PaymentRepository } from '#payments/repository.ts';
import { SettlementRepository } from '#payments/settlement-repository.ts';
import { PlayerRepository } from '#players/repository.ts';
import { AttendanceEffects } from '#rotation/attendance.ts';
import { newMyStats } from '#rotation/my-stats.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { MembershipRepository } from '#teams/membership-repository.ts';
import { NoShowSettings } from '#teams/no-show-settings.ts';
import { TeamRepository } from '#teams/repository.ts';
import { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import type { AppDeps } from './deps.ts';
import {
  adminAccounts,
  bookingEngine,
  noShowRule,
  paymentDetails,
  rotationService,
  sessionChangeEngine,
} from './factories.ts';
import { memberHttp, rateLimiter } from './http-options.ts';
import { serviceTokens } from './service-messaging.ts';

export type { AppDeps } from './deps.ts';

/** The repositories and services every feature's routes share, built once per app. */
export function services(deps: AppDeps) {
  const limiter = rateLimiter(deps);
  const users = new PlayerRepository(deps.store);
  const accounts = adminAccounts(deps);
  const sessions = new SessionRepository(deps.store);
  const teams = new TeamRepository(deps.store);
  const rotation = rotationService({ ...deps, sessions, users, publish: deps.rotationPublisher });
  const noShows = noShowRule(deps);
  return {
    ...deps,
    engine: bookingEngine(deps),
    sessionChanges: sessionChangeEngine(deps),
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
    credits: new CreditRepository(deps.store),
    passes: new PassRepository(deps.store, deps.clock, deps.ids),
    settlements: new SettlementRepository(deps.store, deps.clock),
    paymentDetails: paymentDetails(deps),
    noShowSettings: new NoShowSettings(deps.store),
    attendance: new AttendanceEffects({ rotation, noShows }),
    myStats: newMyStats(deps.clock, rotation, users),
    selfCheckIns: new SelfCheckInRepository(deps.store, deps.clock),
    noShows,
    serviceHandover: new ServiceHandover({
      tokens: serviceTokens(deps.store),
      clock: deps.clock,
      miniApp: deps.miniApp,
    }),
    http: memberHttp(deps, limiter, memberReferences({ sessions, teams, boards: rotation.repo })),
  };
}

export type Services = ReturnType<typeof services>;
