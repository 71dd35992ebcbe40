import { adminRoutes } from '@shuttle/shared';
import type { Hono } from 'hono';
import { type AdminReferenceDeps, adminReferences } from '#access/references.ts';
import { AdminEmailVerification } from '#admin-accounts/email-verification.ts';
import { PasswordResets } from '#admin-accounts/password-reset.ts';
import { AdminSignIn } from '#admin-accounts/sign-in.ts';
import { TeamScope } from '#admin-accounts/team-scope.ts';
import { accountRoutes } from '#api/admin/admin-accounts.ts';
import { checkInRoutes } from '#api/admin/bookings.ts';
import { exportRoutes } from '#api/admin/exports.ts';
import { paymentAdminRoutes } from '#api/admin/payments.ts';
import { reportRoutes } from '#api/admin/reports.ts';
import { rotationAdminRoutes } from '#api/admin/rotation.ts';
import { sessionAdminRoutes } from '#api/admin/sessions.ts';
import { settlementRoutes } from '#api/admin/settlement.ts';
import { memberAdminRoutes } from '#api/admin/team-members.ts';
import { teamSettingRoutes } from '#api/admin/teams.ts';
import { SelfCheckInRepository } from '#bookings/self-check-in-repository.ts';
import { CreditRepository } from '#payments/credit-repository.ts';
import { PassRepository } from '#payments/pass-repository.ts';
import { PaymentRepository } from '#payments/repository.ts';
import { SettlementRepository } from '#payments/settlement-repository.ts';
import type { ApiEnv } from '#platform/http.ts';
import { PlayerRepository } from '#players/repository.ts';
import { AttendanceEffects } from '#rotation/attendance.ts';
import { RotationRepository } from '#rotation/repository.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { LineUsageRepository } from '#teams/line-usage-repository.ts';
import { MembershipRepository } from '#teams/membership-repository.ts';
import { NoShowSettings } from '#teams/no-show-settings.ts';
import { TeamRepository } from '#teams/repository.ts';
import { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import type { AdminApiOptions } from './admin-services.ts';
import { contractApi, contractGroupApi } from './contract-api.ts';
import { appBaseUrlOf, rateLimitsOf } from './deps.ts';
import {
  adminAccounts,
  bookingEngine,
  noShowRule,
  paymentDetails,
  rotationService,
  sessionChangeEngine,
} from './factories.ts';
import { adminHttp, memberHttp, rateLimiter } from './http-options.ts';
import { teamLimit } from './limits.ts';
import { API_BASES, API_DOCUMENTS } from './route-groups.ts';
import type { AppDeps } from './services.ts';

/**
 * The admin API's route groups (route-groups.ts), one Lambda each: every group builds only the
 * services its routes take, so each bundle carries only its own code (docs/DEPLOY.md, "Bundles").
 * The local server serves the whole API from app/admin-api.ts.
 */

/**
 * What every admin group needs: the caller's account and team scope, and the admin API's options,
 * whose reference resolver (access/references.ts) serves the relations of what the group builds
 * (`more`: its own repositories beyond these).
 */
function adminBase<M extends Omit<AdminReferenceDeps, 'scope' | 'accounts' | 'teams' | 'teamAdmins'>>(
  deps: AppDeps,
  more: M,
) {
  const { store } = deps;
  const accounts = adminAccounts(deps);
  const teamAdmins = new TeamAdminRepository(store);
  const teams = new TeamRepository(store);
  const scope = new TeamScope(teamAdmins);
  const references = adminReferences({ scope, accounts, teams, teamAdmins, ...more });
  const http = adminHttp(deps, accounts, memberHttp(deps, rateLimiter(deps)), references);
  return {
    ...deps,
    ...more,
    accounts,
    teamAdmins,
    teams,
    scope,
    /** Counts a notice-producing call against its team's `teamNotices` bucket (limits.ts). */
    teamNotices: teamLimit(http.rateLimiter, rateLimitsOf(deps)),
    http,
  };
}

/** `admin-accounts-api`: sign-up, sign-in, password reset and e-mail verification (calls that e-mail). */
export function createAdminAccountsApi(deps: AppDeps, options: AdminApiOptions = {}): Hono<ApiEnv> {
  const s = adminBase(deps, {});
  const { store, clock, mailer, pepper } = deps;
  const { accounts } = s;
  const appBaseUrl = appBaseUrlOf(options);
  const account = {
    ...s,
    appBaseUrl,
    adminEmails: new AdminEmailVerification({ store, clock, mailer, accounts, pepper }),
    signIn: new AdminSignIn({ store, clock, accounts, mailer, appBaseUrl }),
    resets: new PasswordResets({ store, clock, accounts, pepper }),
  };
  return contractGroupApi(API_BASES.admin, [accountRoutes(account)]);
}

/** `admin-teams-api`: team settings, venues, the LINE group and co-admin invitations (which e-mail). */
export function createAdminTeamsApi(deps: AppDeps, options: AdminApiOptions = {}): Hono<ApiEnv> {
  return contractGroupApi(API_BASES.admin, [
    teamSettingRoutes({
      ...adminBase(deps, {}),
      lineUsage: new LineUsageRepository(deps.store),
      memberships: new MembershipRepository(deps.store),
      appBaseUrl: appBaseUrlOf(options),
    }),
  ]);
}

/** `admin-money-api`: reports, payments, passes, no-shows, exports, settlement and shuttle stock. */
export function createAdminMoneyApi(deps: AppDeps): Hono<ApiEnv> {
  const { store, clock, ids } = deps;
  const users = new PlayerRepository(store);
  const memberships = new MembershipRepository(store);
  const passes = new PassRepository(store, clock, ids);
  const s = adminBase(deps, { sessions: new SessionRepository(store), users, memberships, passes });
  const money = {
    ...s,
    users,
    memberships,
    payments: new PaymentRepository(store, clock),
    credits: new CreditRepository(store),
    passes,
    settlements: new SettlementRepository(store, clock),
    boards: new RotationRepository(store),
    paymentDetails: paymentDetails(deps),
    noShowSettings: new NoShowSettings(store),
  };
  return contractGroupApi(API_BASES.admin, [
    reportRoutes(money),
    paymentAdminRoutes(money),
    exportRoutes(money),
    settlementRoutes(money),
  ]);
}

/** `admin-api`: sessions, check-in and members, and every call no other group claims. */
export function createAdminCourtApi(deps: AppDeps): Hono<ApiEnv> {
  const { store, clock } = deps;
  const users = new PlayerRepository(store);
  const levels = (userIds: string[]) => users.levels(userIds);
  const memberships = new MembershipRepository(store);
  const boards = new RotationRepository(store);
  const s = adminBase(deps, { sessions: new SessionRepository(store), users, memberships, boards });
  const rotation = rotationService({
    store,
    clock,
    sessions: s.sessions,
    users,
    boards,
    publish: deps.rotationPublisher,
  });
  const court = {
    ...s,
    users,
    levels,
    memberships,
    engine: bookingEngine(deps),
    sessionChanges: sessionChangeEngine(deps),
    rotation,
    attendance: new AttendanceEffects({ rotation, noShows: noShowRule(deps) }),
    selfCheckIns: new SelfCheckInRepository(store, clock),
  };
  return contractGroupApi(API_BASES.admin, [sessionAdminRoutes(court), memberAdminRoutes(court), checkInRoutes(court)]);
}

/**
 * `admin-openapi-api`: `/openapi.json` of the whole admin API, and nothing else. Only this
 * function carries every admin contract; the groups that serve calls carry their own (and no
 * repository is built here).
 */
export function createAdminOpenApi(): Hono<ApiEnv> {
  return contractApi({
    base: API_BASES.admin,
    routes: adminRoutes,
    ...API_DOCUMENTS.admin,
    mounts: [],
  });
}

/** `admin-rotation-api`: the rotation board's calls; results move ratings, so the rating library is only here. */
export function createAdminRotationApi(deps: AppDeps): Hono<ApiEnv> {
  const { store, clock } = deps;
  const users = new PlayerRepository(store);
  const boards = new RotationRepository(store);
  const s = adminBase(deps, {
    sessions: new SessionRepository(store),
    users,
    memberships: new MembershipRepository(store),
    boards,
  });
  const rotation = rotationService({
    store,
    clock,
    sessions: s.sessions,
    users,
    boards,
    publish: deps.rotationPublisher,
  });
  return contractGroupApi(API_BASES.admin, [rotationAdminRoutes({ ...s, rotation })]);
}
