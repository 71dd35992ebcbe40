import type { Context } from 'hono';
import { LeaderAccounts } from '#admin-accounts/leader-accounts.ts';
import { AdminAccounts } from '#admin-accounts/repository.ts';
import type { IdTokenVerify } from '#auth/id-token.ts';
import type { TokenService } from '#auth/tokens.ts';
import { BookingEngine } from '#bookings/engine.ts';
import { SessionChangeEngine } from '#bookings/session-changes.ts';
import type { Store } from '#db/client.ts';
import { RateCounters } from '#db/rate-counters.ts';
import { NoShowRule } from '#payments/no-show.ts';
import { PassRepository } from '#payments/passes.ts';
import { PaymentRepository } from '#payments/repository.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import { DomainError } from '#platform/errors.ts';
import type { ContractAppOptions } from '#platform/http.ts';
import { RateLimiter } from '#platform/rate-limit.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import { playerIsLive } from '#players/live-players.ts';
import { UserRepository } from '#players/repository.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { TeamAdminRepository } from '#teams/admins.ts';
import { MembershipRepository } from '#teams/membership.ts';
import { NoShowSettings } from '#teams/no-show-settings.ts';
import { TeamRepository } from '#teams/repository.ts';
import { callLimits, type RateLimitSettings } from './limits.ts';

/** What the API apps are built from: chosen by the Lambda handler, the local server or a test. */
export interface AppDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  tokens: TokenService;
  verifyLineIdToken: IdTokenVerify;
  verifyGoogleIdToken: IdTokenVerify;
  mailer: EmailSender;
  /** Secret mixed into stored verification codes. */
  pepper: string;
  validateResponses: boolean;
  retry?: RetryPolicy;
  /** Per-client limits (`limits.ts`). Absent: off; the Lambda handlers and `npm start` turn them on. */
  rateLimits?: RateLimitSettings;
  /** The client's address for per-address limits (from the API Gateway event or the socket). */
  clientAddress?: (c: Context) => string;
}

/** The counters of one app, or null when limits are off. */
function rateLimiter(deps: AppDeps): RateLimiter | null {
  return deps.rateLimits?.enabled
    ? new RateLimiter({ counters: new RateCounters(deps.store), clock: deps.clock })
    : null;
}

/** The repositories and services every feature's routes share, built once per app. */
export function services(deps: AppDeps) {
  const limiter = rateLimiter(deps);
  const users = new UserRepository(deps.store);
  const accounts = new AdminAccounts({ store: deps.store, clock: deps.clock, ids: deps.ids });
  return {
    ...deps,
    engine: new BookingEngine({ store: deps.store, clock: deps.clock, ids: deps.ids, retry: deps.retry }),
    sessionChanges: new SessionChangeEngine({ store: deps.store, clock: deps.clock, ids: deps.ids, retry: deps.retry }),
    sessions: new SessionRepository(deps.store),
    teams: new TeamRepository(deps.store),
    memberships: new MembershipRepository(deps.store),
    teamAdmins: new TeamAdminRepository(deps.store),
    accounts,
    leaders: new LeaderAccounts({ store: deps.store, clock: deps.clock, accounts }),
    users,
    levels: (userIds: string[]) => users.levels(userIds),
    payments: new PaymentRepository(deps.store, deps.clock),
    passes: new PassRepository(deps.store, deps.clock, deps.ids),
    noShowSettings: new NoShowSettings(deps.store),
    noShows: new NoShowRule(deps.store, deps.clock),
    http: {
      auth: {
        // A deleted account's tokens stop working at once (docs/PRIVACY.md): the player's record must exist.
        member: async (token: string) => {
          const caller = await deps.tokens.verifyMember(token);
          if (!(await playerIsLive(deps.store, caller.userId, deps.retry))) throw new DomainError('INVALID_TOKEN');
          return caller;
        },
        admin: (token: string) => deps.tokens.verifyAdmin(token),
      },
      validateResponses: deps.validateResponses,
      limits: callLimits('member', deps.rateLimits ?? { enabled: false }),
      rateLimiter: limiter,
      clientAddress: deps.clientAddress,
    } satisfies ContractAppOptions,
  };
}

export type Services = ReturnType<typeof services>;
