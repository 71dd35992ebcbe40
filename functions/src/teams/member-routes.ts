import { memberRoutes } from '@shuttle/shared';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { UserRepository } from '#players/repository.ts';
import type { MembershipRepository } from './membership.ts';
import type { TeamRepository } from './repository.ts';
import { toTeamNameItem } from './views.ts';

export interface TeamRouteDeps {
  teams: TeamRepository;
  memberships: MembershipRepository;
  users: UserRepository;
  clock: Clock;
  http: ContractAppOptions;
}

export function teamRoutes(s: TeamRouteDeps) {
  const names = async (userId: string | null) => {
    const [teams, mine] = await Promise.all([
      s.teams.listCached(),
      userId ? s.memberships.teamIdsOf(userId) : new Set<string>(),
    ]);
    return teams.map((team) => toTeamNameItem(team, mine));
  };

  return contractRoutes(
    memberRoutes,
    {
      'withoutAuth/getTeamName': () => names(null),
      'checkState/static/getTeamName': (_, { member }) => names(member.userId),
      'checkState/member/joinTeam': async ({ teamId }, { member }) => {
        const user = await s.users.require(member.userId);
        await s.memberships.join(teamId, user, s.clock.now());
        const team = await s.teams.get(teamId);
        if (!team) throw new DomainError('TEAM_NOT_FOUND');
        return toTeamNameItem(team, new Set([teamId]));
      },
    },
    s.http,
  );
}
