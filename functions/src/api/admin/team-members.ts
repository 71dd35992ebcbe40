import { adminCourtRoutes, type TeamMemberView } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { type BlockPlayerDeps, setPlayerBlocked } from '#bookings/block-player.ts';
import { matchesSearch, memberStats } from '#bookings/stats.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { PlayerRepository } from '#players/repository.ts';
import { bandForTeam, type RatingRepository } from '#rotation/rating-repository.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MemberRecord, MembershipRepository } from '#teams/membership-repository.ts';

export interface TeamMemberAdminRouteDeps extends BlockPlayerDeps {
  scope: TeamScope;
  users: PlayerRepository;
  memberships: MembershipRepository;
  sessions: SessionRepository;
  /** The rotation service's rating items (the band, docs/ON-COURT.md, "Admins see the band"). */
  rotation: { ratings: RatingRepository };
  http: ContractAppOptions;
}

/** Attendance figures cover the last year. */
const STATS_DAYS = 366;

export function memberAdminRoutes(s: TeamMemberAdminRouteDeps) {
  const withStats = async (members: MemberRecord[], teamId: string): Promise<TeamMemberView[]> => {
    const now = s.clock.now();
    const from = new Date(now.getTime() - STATS_DAYS * 86_400_000).toISOString();
    // Who blocked the LINE account (docs/LINE.md, "Blocked players"): one BatchGetItem of the page.
    // and their rating items (the band, when they played with this team): one BatchGetItem each.
    const [lineBlocked, ratings] = await Promise.all([
      s.users.lineBlocked(members.map((m) => m.userId)),
      s.rotation.ratings.getMany(
        members.map((m) => m.userId),
        false,
      ),
    ]);
    return Promise.all(
      members.map(async (m) => ({
        userId: m.userId,
        name: m.name,
        pictureUrl: m.pictureUrl,
        membership: m.membership,
        blocked: m.blocked,
        lineBlocked: lineBlocked.has(m.userId),
        joinedAt: m.joinedAt,
        stats: memberStats(await s.sessions.bookingsOfUser(m.userId, from, now.toISOString()), teamId, now),
        rating: bandForTeam(ratings.get(m.userId), teamId),
      })),
    );
  };

  return contractRoutes(
    adminCourtRoutes,
    {
      'members/getMembers': async ({ search, blocked, page, pageSize }, { refs }) => {
        const access = refs.teamId;
        const members = (await s.memberships.membersOf(access.teamId))
          .filter((m) => matchesSearch(m, search) && (blocked === undefined || m.blocked === blocked))
          .sort((a, b) => a.name.localeCompare(b.name, 'zh-TW') || a.userId.localeCompare(b.userId));
        const slice = members.slice((page - 1) * pageSize, page * pageSize);
        return { items: await withStats(slice, access.teamId), total: members.length, page, pageSize };
      },

      'members/switchBlock': async ({ userId, blocked }, { refs }) => {
        const { cancelledBookings } = await setPlayerBlocked(s, refs.teamId.teamId, refs.userId, blocked);
        return { userId, blocked, cancelledBookings };
      },

      'members/updateMembership': async ({ userId, membership }, { refs }) => {
        const access = refs.teamId;
        const member = await s.memberships.setMembership(access.teamId, userId, membership);
        return { userId, membership: member.membership, blocked: member.blocked };
      },

      'members/getJoinRequests': async (_, { refs }) => {
        const access = refs.teamId;
        const requests = await s.memberships.joinRequestsOf(access.teamId);
        return {
          items: requests.map(({ userId, name, pictureUrl, requestedAt }) => ({
            userId,
            name,
            pictureUrl,
            requestedAt,
          })),
        };
      },

      'members/approveJoin': async ({ userId }, { refs }) => {
        const access = refs.teamId;
        const state = await s.memberships.approve(access.teamId, userId, s.clock.now());
        if (state === 'blocked') throw new DomainError('MEMBER_BLOCKED');
        return { userId, membership: 'member' as const };
      },

      'members/rejectJoin': async ({ userId }, { refs }) => {
        const access = refs.teamId;
        await s.memberships.reject(access.teamId, userId);
        return { userId, membership: 'none' as const };
      },
    },
    s.http,
  );
}
