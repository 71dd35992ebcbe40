import { memberRoutes, type TeamNameItem } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import { contractRoutes } from '#platform/http.ts';
import type { Services } from '#app/services.ts';
import type { TeamRecord } from './repository.ts';

export function teamRoutes(s: Services) {
  const item = (team: TeamRecord, mine: ReadonlySet<string>): TeamNameItem => ({
    team_id: team.id,
    team_name: team.name,
    default_region: team.defaultRegion ?? '',
    amount_of_member: team.memberCount ?? 0,
    is_in: mine.has(team.id),
  });
  const names = async (userId: string | null) => {
    const [teams, mine] = await Promise.all([s.teams.list(), userId ? s.teams.teamIdsOf(userId) : new Set<string>()]);
    return teams.map((team) => item(team, mine));
  };

  return contractRoutes(
    memberRoutes,
    {
      'withoutAuth/getTeamName': () => names(null),
      'checkState/static/getTeamName': (_, { member }) => names(member!.userId),
      'checkState/member/joinTeam': async ({ teamId }, { member }) => {
        const user = await s.users.require(member!.userId);
        const existing = await s.teams.member(teamId, user.userId);
        if (existing?.blocked) throw new DomainError('MEMBER_BLOCKED');
        await s.teams.join(
          teamId,
          { userId: user.userId, name: user.name, pictureUrl: user.pictureUrl },
          s.clock.now(),
        );
        const team = await s.teams.get(teamId);
        if (!team) throw new DomainError('TEAM_NOT_FOUND');
        return item(team, new Set([teamId]));
      },
    },
    s.http,
  );
}
