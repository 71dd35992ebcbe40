import { memberAuthRoutes } from '@shuttle/shared';
import { leaderAdminId } from '#admin-accounts/leader-accounts.ts';
import type { Store } from '#db/client.ts';
import type { Clock } from '#platform/clock.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { PlayerAccounts } from '#players/player-accounts.ts';
import { type PlayerRepository, toProfile } from '#players/repository.ts';
import type { TeamAdminRepository } from '#teams/team-admin-repository.ts';

export interface AccountRouteDeps {
  store: Store;
  clock: Clock;
  users: PlayerRepository;
  teamAdmins: Pick<TeamAdminRepository, 'runsAnyTeam'>;
  http: ContractAppOptions;
}

/** The player's own account (docs/PRIVACY.md): nickname for lists, data export, deletion. */
export function accountRoutes(s: AccountRouteDeps) {
  const accounts = new PlayerAccounts({
    store: s.store,
    clock: s.clock,
    // A team leader's admin account (`lead_<userId>`) that still runs a team: one Query, Limit 1.
    runsTeam: (userId) => s.teamAdmins.runsAnyTeam(leaderAdminId(userId)),
  });
  return contractRoutes(
    memberAuthRoutes,
    {
      'checkState/setting/nickname': async ({ nickname }, { member }) =>
        toProfile(await s.users.setNickname(member.userId, nickname)),
      'checkState/account/exportData': (_, { member }) => accounts.exportData(member.userId),
      'checkState/account/delete': (_, { member }) => accounts.delete(member.userId),
    },
    s.http,
  );
}
