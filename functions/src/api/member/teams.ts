import { memberCoreRoutes } from '@shuttle/shared';
import { toTeamNameItem } from '#api/views/teams.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { PlayerRepository } from '#players/repository.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';
import type { TeamRepository } from '#teams/repository.ts';

export interface TeamRouteDeps {
  teams: TeamRepository;
  memberships: MembershipRepository;
  users: PlayerRepository;
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
    memberCoreRoutes,
    {
      'withoutAuth/getTeamName': () => names(null),
      'checkState/static/getTeamName': (_, { member }) => names(member.userId),
      'checkState/member/joinTeam': async ({ teamId }, { member, refs }) => {
        const team = refs.teamId;
        const [user, state] = await Promise.all([
          s.users.require(member.userId),
          s.memberships.stateOf(teamId, member.userId),
        ]);
        if (state === 'blocked') throw new DomainError('MEMBER_BLOCKED');
        let membership = state;
        if (state === 'none' || (state === 'pending' && team.joinRule !== 'approval')) {
          // docs/DECISIONS.md (join rules): approval teams get a request, open teams a member.
          const now = s.clock.now();
          if (team.joinRule === 'approval') await s.memberships.requestJoin(teamId, user, now);
          else if (state === 'pending') await s.memberships.approve(teamId, user.userId, now);
          else await s.memberships.join(teamId, user, now);
          membership = team.joinRule === 'approval' ? 'pending' : 'member';
        }
        const joined = membership === 'member';
        const item = toTeamNameItem(team, new Set(joined ? [teamId] : []));
        // The listed count may predate this join (eventually consistent read).
        return {
          ...item,
          amount_of_member: item.amount_of_member + (joined && state !== 'member' ? 1 : 0),
          membership,
        };
      },
    },
    s.http,
  );
}
