import { adminReferences } from '#access/references.ts';
import { AdminEmailVerification } from '#admin-accounts/email-verification.ts';
import { PasswordResets } from '#admin-accounts/password-reset.ts';
import { AdminSignIn } from '#admin-accounts/sign-in.ts';
import { TeamScope } from '#admin-accounts/team-scope.ts';
import { LineUsageRepository } from '#teams/line-usage-repository.ts';
import { appBaseUrlOf, rateLimitsOf } from './deps.ts';
import { adminHttp } from './http-options.ts';
import { teamLimit } from './limits.ts';
import { type AppDeps, services } from './services.ts';

export interface AdminApiOptions {
  /** Origin of the apps, for links in emails (reset, invitations). */
  appBaseUrl?: string;
}

/** What every admin feature's routes share, built once per app on top of the member services. */
export function adminServices(deps: AppDeps, options: AdminApiOptions = {}) {
  const base = services(deps);
  const { accounts } = base;
  const appBaseUrl = appBaseUrlOf(options);
  const scope = new TeamScope(base.teamAdmins);
  const references = adminReferences({ ...base, scope, boards: base.rotation.repo });
  return {
    ...base,
    scope,
    boards: base.rotation.repo,
    lineUsage: new LineUsageRepository(deps.store),
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
    teamNotices: teamLimit(base.http.rateLimiter, rateLimitsOf(deps)),
    http: adminHttp(deps, accounts, base.http, references),
  };
}

export type AdminServices = ReturnType<typeof adminServices>;
