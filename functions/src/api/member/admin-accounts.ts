import { memberAuthRoutes } from '@shuttle/shared';
import { type AdminTokenDeps, issueAdminToken } from '#admin-accounts/admin-tokens.ts';
import type { LeaderAccounts } from '#admin-accounts/leader-accounts.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { PlayerRepository } from '#players/repository.ts';

export interface LeaderRouteDeps extends AdminTokenDeps {
  users: PlayerRepository;
  leaders: LeaderAccounts;
  http: ContractAppOptions;
}

/**
 * The member call 'become team leader' (mounted in the member API): opens an admin account
 * linked to the signed-in player, or reopens it, and returns an admin token so the member app
 * can open the admin panel straight away.
 */
export function leaderRoutes(s: LeaderRouteDeps) {
  return contractRoutes(
    memberAuthRoutes,
    {
      'checkState/setting/becomeLeader': async (_, { member }) => {
        const user = await s.users.require(member.userId);
        const record = await s.leaders.upsert(user);
        if (!record.isAdmin) throw new DomainError('FORBIDDEN');
        return issueAdminToken(s, record);
      },
    },
    s.http,
  );
}
