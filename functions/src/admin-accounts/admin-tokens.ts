import type { AdminLoginResult } from '@shuttle/shared';
import type { TokenService } from '#auth/tokens.ts';
import type { Clock } from '#platform/clock.ts';
import type { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import { type AdminAccounts, type AdminRecord, toAdminProfile } from './repository.ts';

export interface AdminTokenDeps {
  tokens: TokenService;
  accounts: AdminAccounts;
  teamAdmins: TeamAdminRepository;
  clock: Clock;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fresh admin token for the account, with its teams as claims (checks never trust them:
 * see team-scope.ts), and the account's profile.
 */
export async function issueAdminToken(deps: AdminTokenDeps, record: AdminRecord): Promise<AdminLoginResult> {
  if (record.tokensValidAfter !== null) {
    // Token times have one-second resolution and a reset refuses its own second: step past it.
    const wait = (record.tokensValidAfter + 1) * 1000 - deps.clock.now().getTime();
    if (wait > 0 && wait <= 1000) await sleep(wait);
  }
  const [teams, identity] = await Promise.all([
    deps.teamAdmins.teamsOf(record.adminId),
    deps.accounts.identity(record),
  ]);
  const { token, expiresAt } = await deps.tokens.issueAdmin({
    adminId: record.adminId,
    email: record.email ?? '',
    name: record.displayName,
    teamIds: teams.map((t) => t.teamId),
    currentTeamId: record.currentTeamId,
  });
  return { token, expiresAt, admin: toAdminProfile(record, identity) };
}
