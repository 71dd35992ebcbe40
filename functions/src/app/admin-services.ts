import { adminAuthenticator } from '#admin-accounts/authenticator.ts';
import { AdminEmailVerification } from '#admin-accounts/email-verification.ts';
import { PasswordResets } from '#admin-accounts/password-reset.ts';
import { AdminSignIn } from '#admin-accounts/sign-in.ts';
import { TeamScope } from '#admin-accounts/team-scope.ts';
import type { ContractAppOptions } from '#platform/http.ts';
import { callLimits, teamLimit } from './limits.ts';
import { type AppDeps, services } from './services.ts';

export interface AdminApiOptions {
  /** Origin of the apps, for links in emails (reset, invitations). */
  appBaseUrl?: string;
}

/** What every admin feature's routes share, built once per app on top of the member services. */
export function adminServices(deps: AppDeps, options: AdminApiOptions = {}) {
  const base = services(deps);
  const { accounts } = base;
  const appBaseUrl = (options.appBaseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  return {
    ...base,
    scope: new TeamScope(base.teamAdmins, base.sessions),
    adminEmails: new AdminEmailVerification({
      store: deps.store,
      clock: deps.clock,
      mailer: deps.mailer,
      accounts,
      pepper: deps.pepper,
    }),
    appBaseUrl,
    signIn: new AdminSignIn({ store: deps.store, clock: deps.clock, accounts, mailer: deps.mailer, appBaseUrl }),
    resets: new PasswordResets({ store: deps.store, clock: deps.clock, accounts, pepper: deps.pepper }),
    /** Counts a notice-producing call against its team's `teamNotices` bucket (limits.ts). */
    teamNotices: teamLimit(base.http.rateLimiter, deps.rateLimits ?? { enabled: false }),
    http: {
      auth: { member: base.http.auth.member, admin: adminAuthenticator(deps.tokens, accounts) },
      validateResponses: deps.validateResponses,
      limits: callLimits('admin', deps.rateLimits ?? { enabled: false }),
      rateLimiter: base.http.rateLimiter,
      clientAddress: deps.clientAddress,
    } satisfies ContractAppOptions,
  };
}

export type AdminServices = ReturnType<typeof adminServices>;
