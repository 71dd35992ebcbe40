import type { AdminSession } from '@shuttle/shared';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatMoney, formatMonth, formatNumber, formatPercent } from '@shuttle/shared/web/format.ts';
import { CalendarIcon, ChartIcon, CoinIcon, PlusIcon, UsersIcon } from '@shuttle/shared/web/icons.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { SessionRow } from '@/components/session-row';
import { StatCard } from '@/components/stat-card';
import { useBoard } from '../api/get-board';
import { RecentActivity } from './recent-activity';
import { SessionList } from './session-list';

function SessionSection({
  title,
  sessions,
  empty,
  testId,
}: {
  title: string;
  sessions: AdminSession[];
  empty: string;
  testId: string;
}) {
  return (
    <section className="panel" aria-label={title} data-testid={testId}>
      <h2 className="panel__title">
        {title}
        <span className="count-pill">{sessions.length}</span>
      </h2>
      {sessions.length === 0 ? (
        <p className="panel__empty">{empty}</p>
      ) : (
        <ul className="session-list">
          {sessions.map((s) => (
            <SessionRow key={s.id} session={s} to={`/detail?id=${s.id}`} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin: today's and the coming week's sessions, recent activity, this month's figures, all sessions. */
export function BoardPage({ teamName, banner }: { teamName?: string; banner?: ReactNode }) {
  const { t } = useTranslation();
  const board = useBoard();

  return (
    <div className="page" data-testid="board">
      <PageHeader
        title={t('board.title')}
        description={teamName}
        actions={
          <Link to="/create" className="button button--primary" data-testid="board-create">
            <PlusIcon size={18} />
            {t('nav.create')}
          </Link>
        }
      />
      {banner}
      <QueryView query={board}>
        {(data) => {
          const marked = data.month.attended + data.month.absent;
          return (
            <>
              <section
                className="stat-grid"
                aria-label={t('board.monthTitle', { month: formatMonth(data.month.month) })}
              >
                <StatCard
                  label={t('board.revenue')}
                  value={formatMoney(data.month.revenue)}
                  hint={formatMonth(data.month.month)}
                  icon={<CoinIcon />}
                  testId="stat-revenue"
                />
                <StatCard
                  label={t('board.sessions')}
                  value={formatNumber(data.month.sessions)}
                  hint={t('board.sessionsHint')}
                  icon={<CalendarIcon />}
                />
                <StatCard
                  label={t('board.attended')}
                  value={formatNumber(data.month.attended)}
                  hint={t('board.acceptedHint', { count: data.month.accepted })}
                  icon={<UsersIcon />}
                  testId="stat-attended"
                />
                <StatCard
                  label={t('board.attendanceRate')}
                  value={marked > 0 ? formatPercent((data.month.attended / marked) * 100) : '—'}
                  hint={t('board.absentHint', { count: data.month.absent })}
                  icon={<ChartIcon />}
                />
              </section>
              <div className="board-grid">
                <div className="board-grid__main">
                  <SessionSection
                    title={t('board.today')}
                    sessions={data.today}
                    empty={t('board.noToday')}
                    testId="board-today"
                  />
                  <SessionSection
                    title={t('board.upcoming')}
                    sessions={data.upcoming}
                    empty={t('board.noUpcoming')}
                    testId="board-upcoming"
                  />
                </div>
                <RecentActivity items={data.recent} />
              </div>
              {data.today.length === 0 && data.upcoming.length === 0 && (
                <EmptyState
                  icon={<CalendarIcon size={28} />}
                  title={t('board.emptyTitle')}
                  description={t('board.emptyText')}
                  action={
                    <Link to="/create" className="button button--primary">
                      {t('nav.create')}
                    </Link>
                  }
                />
              )}
            </>
          );
        }}
      </QueryView>
      <SessionList />
    </div>
  );
}
