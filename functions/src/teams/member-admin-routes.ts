import { adminRoutes, type TeamMemberView } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import { contractRoutes } from '#platform/http.ts';
import type { MemberRecord } from './repository.ts';
import type { AdminServices } from '#app/admin-services.ts';
import { matchesSearch, memberStats } from '#bookings/stats.ts';

/** Attendance figures cover the last year. */
const STATS_DAYS = 366;

export function memberAdminRoutes(s: AdminServices) {
  const withStats = async (members: MemberRecord[], teamId: string): Promise<TeamMemberView[]> => {
    const now = s.clock.now();
    const from = new Date(now.getTime() - STATS_DAYS * 86_400_000).toISOString();
    return Promise.all(
      members.map(async (m) => ({
        userId: m.userId,
        name: m.name,
        pictureUrl: m.pictureUrl,
        membership: m.membership,
        blocked: m.blocked,
        joinedAt: m.joinedAt,
        stats: memberStats(await s.sessions.bookingsOfUser(m.userId, from, now.toISOString()), teamId, now),
      })),
    );
  };

  return contractRoutes(
    adminRoutes,
    {
      'members/getMembers': async ({ teamId, search, blocked, page, pageSize }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        const members = (await s.teamMembers.members(access.teamId))
          .filter((m) => matchesSearch(m, search) && (blocked === undefined || m.blocked === blocked))
          .sort((a, b) => a.name.localeCompare(b.name, 'zh-TW') || a.userId.localeCompare(b.userId));
        const slice = members.slice((page - 1) * pageSize, page * pageSize);
        return { items: await withStats(slice, access.teamId), total: members.length, page, pageSize };
      },

      /**
       * Blocking takes effect for new bookings at once (the engine's join checks the flag in its
       * transaction); then the player's places in the team's sessions that have not started are
       * cancelled through the engine, which promotes the waitlist.
       */
      'members/switchBlock': async ({ teamId, userId, blocked }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        const user = await s.users.get(userId);
        if (!user) throw new DomainError('MEMBER_NOT_FOUND');
        const now = s.clock.now();
        await s.teamMembers.setBlocked(access.teamId, user, blocked, now);
        let cancelledBookings = 0;
        if (blocked) {
          const upcoming = (await s.adminSessions.teamSessions(access.teamId, now.toISOString(), '9999')).filter(
            (x) => Date.parse(x.startsAt) > now.getTime(),
          );
          const active = (
            await s.teamMembers.bookingsIn(
              upcoming.map((x) => x.id),
              userId,
            )
          ).filter((b) => b.status !== 'cancelled');
          for (const booking of active) {
            try {
              await s.engine.cancel({ sessionId: booking.sessionId, userId, byAdmin: true });
              cancelledBookings += 1;
            } catch (error) {
              const code = error instanceof DomainError ? error.code : null;
              // Gone meanwhile, or already checked in (attendance is kept).
              if (code === 'BOOKING_NOT_FOUND' || code === 'SESSION_NOT_FOUND' || code === 'ALREADY_CHECKED_IN')
                continue;
              throw error;
            }
          }
        }
        return { userId, blocked, cancelledBookings };
      },

      'members/updateMembership': async ({ teamId, userId, membership }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        const member = await s.teamMembers.setMembership(access.teamId, userId, membership);
        return { userId, membership: member.membership, blocked: member.blocked };
      },
    },
    s.http,
  );
}
