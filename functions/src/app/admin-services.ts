import type { AdminLoginResult } from '@shuttle/shared';
import type { ContractAppOptions } from '#platform/http.ts';
import { type AppDeps, services } from './services.ts';
import { adminAuthenticator } from '#admin-accounts/authenticator.ts';
import { AdminAccounts, type AdminRecord, toAdminProfile } from '#admin-accounts/repository.ts';
import { TeamMembersRepository } from '#teams/membership.ts';
import { TeamScope } from '#admin-accounts/team-scope.ts';
import { AdminSessionRepository } from '#sessions/admin-repository.ts';
import { AdminTeamRepository } from '#teams/admins.ts';

export interface AdminApiOptions {
  /** Origin of the apps, for links in emails (reset, invitations). */
  appBaseUrl?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What every admin feature's routes share, built once per app on top of the member services. */
export function adminServices(deps: AppDeps, options: AdminApiOptions = {}) {
  const base = services(deps);
  const accounts = new AdminAccounts({ store: deps.store, clock: deps.clock, ids: deps.ids, pepper: deps.pepper });
  const adminTeams = new AdminTeamRepository(deps.store);

  /** A fresh admin token for the account, with its teams as claims (checks never trust them). */
  async function issueToken(record: AdminRecord): Promise<AdminLoginResult> {
    if (record.tokensValidAfter !== null) {
      // Token times have one-second resolution and a reset refuses its own second: step past it.
      const wait = (record.tokensValidAfter + 1) * 1000 - deps.clock.now().getTime();
      if (wait > 0 && wait <= 1000) await sleep(wait);
    }
    const teams = await adminTeams.teamsOf(record.adminId);
    const { token, expiresAt } = await deps.tokens.issueAdmin({
      adminId: record.adminId,
      email: record.email ?? '',
      name: record.displayName,
      teamIds: teams.map((t) => t.teamId),
      currentTeamId: record.currentTeamId,
    });
    return { token, expiresAt, admin: toAdminProfile(record) };
  }

  return {
    ...base,
    accounts,
    adminTeams,
    adminSessions: new AdminSessionRepository(deps.store),
    teamMembers: new TeamMembersRepository(deps.store),
    scope: new TeamScope(adminTeams, base.sessions),
    issueToken,
    appBaseUrl: (options.appBaseUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    http: {
      auth: { member: base.http.auth.member, admin: adminAuthenticator(deps.tokens, accounts) },
      validateResponses: deps.validateResponses,
    } satisfies ContractAppOptions,
  };
}

export type AdminServices = ReturnType<typeof adminServices>;
