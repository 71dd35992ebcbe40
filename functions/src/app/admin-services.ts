import { adminAuthenticator } from '#admin-accounts/authenticator.ts';
import { TeamScope } from '#admin-accounts/team-scope.ts';
import type { ContractAppOptions } from '#platform/http.ts';
import { type AppDeps, services } from './services.ts';

export interface AdminApiOptions {
  /** Origin of the apps, for links in emails (reset, invitations). */
  appBaseUrl?: string;
}

/** What every admin feature's routes share, built once per app on top of the member services. */
export function adminServices(deps: AppDeps, options: AdminApiOptions = {}) {
  const base = services(deps);
  const { accounts } = base;
  return {
    ...base,
    scope: new TeamScope(base.teamAdmins, base.sessions),
    appBaseUrl: (options.appBaseUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    http: {
      auth: { member: base.http.auth.member, admin: adminAuthenticator(deps.tokens, accounts) },
      validateResponses: deps.validateResponses,
    } satisfies ContractAppOptions,
  };
}

export type AdminServices = ReturnType<typeof adminServices>;
