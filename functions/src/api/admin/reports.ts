import { addDays, adminRoutes, taipeiDate, taipeiDayStart, taipeiMonth } from '@shuttle/shared';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { toAdminSession } from '#api/views/sessions.ts';
import { drawAtOf, isLottery } from '#bookings/lottery.ts';
import type { Clock } from '#platform/clock.ts';
import { mapLimit } from '#platform/concurrency.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { activityOf, monthSpan, monthsFrom, type RevenueLine, sumLines, tallySession } from '#reports/revenue.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';

export interface ReportRouteDeps {
  clock: Clock;
  scope: TeamScope;
  sessions: SessionRepository;
  http: ContractAppOptions;
}

const UPCOMING_DAYS = 7;
const RECENT_DAYS = 7;
const RECENT_ITEMS = 20;

export function reportRoutes(s: ReportRouteDeps) {
  /** Figures of the sessions of a Taipei month that have started by now. */
  const monthFigures = async (teamId: string, month: string, now: Date) => {
    const { from, to } = monthSpan(month);
    const started = (await s.sessions.teamSessions(teamId, from, to))
      .filter((x) => Date.parse(x.startsAt) <= now.getTime())
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    return (await s.sessions.withBookings(started)).map(({ session, bookings }) => ({
      session,
      line: tallySession(session, bookings),
    }));
  };

  return contractRoutes(
    adminRoutes,
    {
      'board/getBoard': async (_, { refs }) => {
        const access = refs.teamId;
        const now = s.clock.now();
        const today = taipeiDate(now);
        const window = await s.sessions.teamSessions(
          access.teamId,
          taipeiDayStart(addDays(today, -RECENT_DAYS)),
          taipeiDayStart(addDays(today, UPCOMING_DAYS + 1)),
        );
        window.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
        const todays = window.filter((x) => taipeiDate(x.startsAt) === today);
        const upcoming = window.filter((x) => taipeiDate(x.startsAt) > today);

        const withRows = await s.sessions.withBookings(window);
        const recent = withRows
          .flatMap(({ session, bookings }: { session: SessionRecord; bookings: BookingRecord[] }) =>
            bookings.flatMap((b) =>
              activityOf(b, isLottery(session) ? drawAtOf(session) : null).map((event) => ({
                ...event,
                userId: b.userId,
                name: b.userName,
                sessionId: session.id,
                sessionTitle: session.title,
                startsAt: session.startsAt,
              })),
            ),
          )
          .filter((e) => Date.parse(e.at) <= now.getTime())
          .sort((a, b) => b.at.localeCompare(a.at))
          .slice(0, RECENT_ITEMS);

        const month = taipeiMonth(now);
        const figures = await monthFigures(access.teamId, month, now);
        return {
          today: todays.map((x) => toAdminSession(x, now)),
          upcoming: upcoming.map((x) => toAdminSession(x, now)),
          recent,
          month: { month, ...sumLines(figures.map((f) => f.line)) },
        };
      },

      'reports/revenueByMonth': async ({ from, to }, { refs }) => {
        const access = refs.teamId;
        const now = s.clock.now();
        const months = await mapLimit(monthsFrom(from, to), 2, async (month) => {
          const figures = await monthFigures(access.teamId, month, now);
          return { month, ...sumLines(figures.map((f) => f.line)) };
        });
        return { months, total: sumLines(months) };
      },

      'reports/revenueBySession': async ({ month }, { refs }) => {
        const access = refs.teamId;
        const figures = await monthFigures(access.teamId, month, s.clock.now());
        const lines: RevenueLine[] = figures.map((f) => f.line);
        return {
          month,
          sessions: figures.map(({ session, line }) => ({
            sessionId: session.id,
            title: session.title,
            startsAt: session.startsAt,
            price: session.price,
            accepted: line.accepted,
            attended: line.attended,
            absent: line.absent,
            revenue: line.revenue,
            income: line.income,
          })),
          total: sumLines(lines),
        };
      },
    },
    s.http,
  );
}
