import { AdminAccounts } from '#admin-accounts/repository.ts';
import type { IdTokenVerify } from '#auth/id-token.ts';
import type { TokenService } from '#auth/tokens.ts';
import { BookingEngine } from '#bookings/engine.ts';
import { SessionChangeEngine } from '#bookings/session-changes.ts';
import type { Store } from '#db/client.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import type { ContractAppOptions } from '#platform/http.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import { EmailVerification } from '#players/email-verification.ts';
import { UserRepository } from '#players/repository.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { TeamAdminRepository } from '#teams/admins.ts';
import { MembershipRepository } from '#teams/membership.ts';
import { TeamRepository } from '#teams/repository.ts';

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
}

/** The repositories and services every feature's routes share, built once per app. */
export function services(deps: AppDeps) {
  return {
    ...deps,
    engine: new BookingEngine({ store: deps.store, clock: deps.clock, ids: deps.ids, retry: deps.retry }),
    sessionChanges: new SessionChangeEngine({ store: deps.store, clock: deps.clock, ids: deps.ids, retry: deps.retry }),
    sessions: new SessionRepository(deps.store),
    teams: new TeamRepository(deps.store),
    memberships: new MembershipRepository(deps.store),
    teamAdmins: new TeamAdminRepository(deps.store),
    accounts: new AdminAccounts({ store: deps.store, clock: deps.clock, ids: deps.ids, pepper: deps.pepper }),
    users: new UserRepository(deps.store),
    emails: new EmailVerification({ store: deps.store, clock: deps.clock, mailer: deps.mailer, pepper: deps.pepper }),
    http: {
      auth: {
        member: (token: string) => deps.tokens.verifyMember(token),
        admin: (token: string) => deps.tokens.verifyAdmin(token),
      },
      validateResponses: deps.validateResponses,
    } satisfies ContractAppOptions,
  };
}

export type Services = ReturnType<typeof services>;
