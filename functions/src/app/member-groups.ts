import type { Hono } from 'hono';
import { memberReferences } from '#access/references.ts';
import { LeaderAccounts } from '#admin-accounts/leader-accounts.ts';
import { leaderRoutes } from '#api/member/admin-accounts.ts';
import { authRoutes } from '#api/member/auth.ts';
import { bookingRoutes } from '#api/member/bookings.ts';
import { calendarRoutes } from '#api/member/calendar.ts';
import { notifyRoutes } from '#api/member/notify.ts';
import { paymentMemberRoutes } from '#api/member/payments.ts';
import { accountRoutes } from '#api/member/player-account.ts';
import { memberSettingRoutes } from '#api/member/players.ts';
import { rotationMemberRoutes } from '#api/member/rotation.ts';
import { sessionRoutes } from '#api/member/sessions.ts';
import { statsMemberRoutes } from '#api/member/stats.ts';
import { teamRoutes } from '#api/member/teams.ts';
import { SelfCheckInRepository } from '#bookings/self-check-in-repository.ts';
import { CalendarFeeds } from '#calendar/feeds.ts';
import { ServiceHandover } from '#notifications/service-handover.ts';
import { CreditRepository } from '#payments/credit-repository.ts';
import { PassRepository } from '#payments/pass-repository.ts';
import { PaymentRepository } from '#payments/repository.ts';
import type { ApiEnv } from '#platform/http.ts';
import { PlayerRepository } from '#players/repository.ts';
import { AttendanceEffects } from '#rotation/attendance.ts';
import { newMyStats } from '#rotation/my-stats.ts';
import { RotationRepository } from '#rotation/repository.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { MembershipRepository } from '#teams/membership-repository.ts';
import { TeamRepository } from '#teams/repository.ts';
import { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import { contractGroupApi } from './contract-api.ts';
import { appBaseUrlOf, rateLimitsOf } from './deps.ts';
import { adminAccounts, emailVerification, noShowRule, playerBookingEngine, rotationService } from './factories.ts';
import { memberHttp, rateLimiter } from './http-options.ts';
import { rateBuckets } from './limits.ts';
import type { MemberApiOptions } from './member-api.ts';
import { API_BASES } from './route-groups.ts';
import { serviceTokens } from './service-messaging.ts';
import type { AppDeps } from './services.ts';

/**
 * The member API's route groups (route-groups.ts), one Lambda each, each building only the
 * services its routes take (docs/DEPLOY.md, "Bundles"); the share group is member-share-group.ts,
 * so only its bundle carries the share card's renderer. The local server serves the whole API
 * from app/member-api.ts.
 */

/** `member-auth-api`: LINE and Google sign-in, e-mail codes, profile and nickname, becoming a leader, data export and deletion. */
export function createMemberAuthApi(deps: AppDeps): Hono<ApiEnv> {
  const { store, clock } = deps;
  const accounts = adminAccounts(deps);
  const s = {
    ...deps,
    users: new PlayerRepository(store),
    accounts,
    teamAdmins: new TeamAdminRepository(store),
    leaders: new LeaderAccounts({ store, clock, accounts }),
    emails: emailVerification(deps),
    http: memberHttp(deps, rateLimiter(deps)),
  };
  return contractGroupApi(API_BASES.member, [authRoutes(s), memberSettingRoutes(s), accountRoutes(s), leaderRoutes(s)]);
}

/** `member-rotation-api`: the players' board, the helper's calls (results move ratings) and the venue screen. */
export function createMemberRotationApi(deps: AppDeps): Hono<ApiEnv> {
  const { store, clock } = deps;
  const users = new PlayerRepository(store);
  const sessions = new SessionRepository(store);
  const teams = new TeamRepository(store);
  const rotation = rotationService({ store, clock, sessions, users, publish: deps.rotationPublisher });
  const http = memberHttp(deps, rateLimiter(deps), memberReferences({ sessions, teams, boards: rotation.repo }));
  const myStats = newMyStats(clock, rotation, users);
  return contractGroupApi(API_BASES.member, [
    rotationMemberRoutes({ ...deps, sessions, rotation, http }),
    statsMemberRoutes({ myStats, http }),
  ]);
}

/**
 * `member-money-api`: a reported transfer, the caller's passes and no-show standing, their declared
 * level, their history as CSV (with its texts in five languages).
 */
export function createMemberMoneyApi(deps: AppDeps): Hono<ApiEnv> {
  const { store, clock, ids } = deps;
  const sessions = new SessionRepository(store);
  const teams = new TeamRepository(store);
  return contractGroupApi(API_BASES.member, [
    paymentMemberRoutes({
      clock,
      sessions,
      users: new PlayerRepository(store),
      payments: new PaymentRepository(store, clock),
      passes: new PassRepository(store, clock, ids),
      memberships: new MembershipRepository(store),
      http: memberHttp(
        deps,
        rateLimiter(deps),
        memberReferences({ sessions, teams, boards: new RotationRepository(store) }),
      ),
    }),
  ]);
}

/** `member-api`: sessions, bookings, history, teams, calendars, every other call. */
export function createMemberCoreApi(deps: AppDeps, options: MemberApiOptions = {}): Hono<ApiEnv> {
  const { store, clock, ids } = deps;
  const users = new PlayerRepository(store);
  const sessions = new SessionRepository(store);
  const teams = new TeamRepository(store);
  const rotation = rotationService({ store, clock, sessions, users, publish: deps.rotationPublisher });
  const s = {
    ...deps,
    users,
    sessions,
    teams,
    memberships: new MembershipRepository(store),
    engine: playerBookingEngine(deps),
    passes: new PassRepository(store, clock, ids),
    credits: new CreditRepository(store),
    rotation,
    selfCheckIns: new SelfCheckInRepository(store, clock),
    attendance: new AttendanceEffects({ rotation, noShows: noShowRule(deps) }),
    serviceHandover: new ServiceHandover({ tokens: serviceTokens(store), clock, miniApp: deps.miniApp }),
    http: memberHttp(deps, rateLimiter(deps), memberReferences({ sessions, teams, boards: rotation.repo })),
  };
  return contractGroupApi(API_BASES.member, [
    sessionRoutes(s),
    bookingRoutes(s),
    notifyRoutes(s),
    teamRoutes(s),
    calendarRoutes({
      ...s,
      calendarFeeds: new CalendarFeeds({ store, clock }),
      calendarRate: rateBuckets(['browse'], rateLimitsOf(deps)),
      appBaseUrl: appBaseUrlOf(options),
    }),
  ]);
}
