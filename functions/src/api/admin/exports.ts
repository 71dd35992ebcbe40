import { adminRoutes, DEFAULT_LANGUAGE, type Pass, taipeiDate } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { ended, unpaidOf } from '#payments/outstanding.ts';
import type { Clock } from '#platform/clock.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import type { PlayerRepository } from '#players/repository.ts';
import { addMoney, attendanceCsv, membersCsv, moneyOf, revenueCsv } from '#reports/money.ts';
import { monthSpan } from '#reports/revenue.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';
import type { TeamRepository } from '#teams/repository.ts';

export interface ExportRouteDeps {
  clock: Clock;
  users: Pick<PlayerRepository, 'levels'>;
  scope: TeamScope;
  sessions: SessionRepository;
  teams: TeamRepository;
  memberships: MembershipRepository;
  /** The team's passes valid from a date (pass sales of the month). */
  passes: { ofTeam(teamId: string, from: string): Promise<Pass[]> };
  http: ContractAppOptions;
}

/** Payment figures and CSV exports of a Taipei month (docs/MONEY.md, "Exports"). */
export function exportRoutes(s: ExportRouteDeps) {
  /** The month's sessions (oldest first) with their bookings: Query GSI3, then one Query per session. */
  const month = async (teamId: string, m: string) => {
    const { from, to } = monthSpan(m);
    const sessions = (await s.sessions.teamSessions(teamId, from, to)).sort((a, b) =>
      a.startsAt.localeCompare(b.startsAt),
    );
    return s.sessions.withBookings(sessions);
  };

  return contractRoutes(
    adminRoutes,
    {
      'reports/payments': async ({ month: m }, { refs }) => {
        const access = refs.teamId;
        const [rows, passes] = await Promise.all([month(access.teamId, m), s.passes.ofTeam(access.teamId, `${m}-01`)]);
        const { paid, waived } = rows
          .map(({ session, bookings }) => moneyOf(session, bookings))
          .reduce(addMoney, { paid: 0, outstanding: 0, waived: 0 });
        // Owed: the 收費 list's definition (no pass covers it, not waived), for the month's ended sessions.
        const now = s.clock.now();
        const outstanding = unpaidOf(rows, passes)
          .filter((u) => !u.pass && ended(u.session, now))
          .reduce((sum, u) => sum + u.payment.amount, 0);
        const money = { paid, outstanding, waived };
        const passSales = passes.filter((p) => taipeiDate(p.soldAt).startsWith(m)).reduce((sum, p) => sum + p.price, 0);
        return { month: m, ...money, passSales };
      },

      'reports/exportCsv': async ({ month: m, kind }, { c, refs }) => {
        const access = refs.teamId;
        const team = await s.teams.get(access.teamId);
        const language = team?.language ?? DEFAULT_LANGUAGE;
        const rows = await month(access.teamId, m);
        c.header('content-disposition', `attachment; filename="${kind}-${m}.csv"`);
        if (kind === 'revenue') return revenueCsv(rows, language);
        if (kind === 'attendance') return attendanceCsv(rows, language);
        const members = await s.memberships.membersOf(access.teamId);
        const levels = await s.users.levels(members.map((mb) => mb.userId));
        return membersCsv(
          members.map((mb) => ({
            name: mb.name,
            userId: mb.userId,
            membership: mb.membership,
            joinedAt: mb.joinedAt,
            blocked: mb.blocked,
            suspendedUntil: mb.suspendedUntil,
            level: levels.get(mb.userId) ?? null,
          })),
          rows,
          language,
        );
      },
    },
    s.http,
  );
}
