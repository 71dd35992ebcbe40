import type { HistoryResult, Statistics } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDay, formatMoney, formatNumber, formatPercent, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ChartIcon, ChevronRightIcon, HistoryIcon } from '@shuttle/shared/web/icons.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { TermList } from '@shuttle/shared/web/term-list.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginRequired } from '@/components/login-prompt';
import { TeamJoinAction } from '@/components/team-join-action';
import { useIsLoggedIn } from '@/lib/auth';
import { sessionPath } from '@/lib/paths';
import { useHistory } from '../api/get-history';
import { useMyTeams } from '../api/get-my-teams';
import { historyKeys } from '../api/keys';
import { Last30DaysChart } from './last-30-days-chart';

function StatGrid({ stats, testId }: { stats: Statistics; testId: string }) {
  const { t } = useTranslation();
  const items = [
    ['totalSessions', formatNumber(stats.totalSessions)],
    ['attended', formatNumber(stats.attended)],
    ['attendanceRate', formatPercent(stats.attendanceRate)],
    ['totalSpent', formatMoney(stats.totalSpent)],
    ['absent', formatNumber(stats.absent)],
    ['averagePerSession', formatMoney(Math.round(stats.averagePerSession))],
  ] as const;
  return (
    <TermList
      className="stat-grid"
      itemClassName="stat"
      testId={testId}
      items={items.map(([key, value]) => ({ term: t(`history.stats.${key}`), value }))}
    />
  );
}

function TeamCards({ teams }: { teams: HistoryResult['statistics']['teams'] }) {
  const { t } = useTranslation();
  const myTeams = useMyTeams(teams.length > 0);
  if (teams.length === 0) return null;
  // A team missing from the list (or the list not read yet) shows no join action.
  const isIn = new Map((myTeams.data ?? []).map((team) => [team.team_id, team.is_in]));
  return (
    <section className="history-section">
      <h3>{t('history.teams')}</h3>
      <ul className="team-cards">
        {teams.map((team) => (
          <li key={team.teamId} className="team-card" data-testid="team-card">
            <p className="team-card__name">{team.teamName}</p>
            {isIn.has(team.teamId) && (
              <TeamJoinAction
                teamId={team.teamId}
                teamName={team.teamName}
                membership={isIn.get(team.teamId) ? 'member' : 'none'}
                variant="inline"
                onSettled={() => invalidateQueries(historyKeys.teams)}
              />
            )}
            <TermList
              className="team-card__stats"
              items={[
                { term: t('history.stats.totalSessions'), value: formatNumber(team.sessions) },
                { term: t('history.stats.attended'), value: formatNumber(team.attended) },
                { term: t('history.stats.attendanceRate'), value: formatPercent(team.attendanceRate) },
              ]}
            />
            <Link
              className="link-button"
              to={`/?team=${encodeURIComponent(team.teamId)}&teamName=${encodeURIComponent(team.teamName)}`}
            >
              {t('history.moreSessions')}
              <ChevronRightIcon size={16} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** History and statistics: totals, the last 30 days with a chart, team cards and past sessions. */
export function HistoryView() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const history = useHistory(loggedIn);
  if (!loggedIn) return <LoginRequired next="/?tab=reservationHistory" />;
  if (history.status === 'error' && !history.data) {
    return (
      <div className="error-box" role="alert">
        <p>{errorMessage(history.error)}</p>
        <button type="button" className="button button--outline button--small" onClick={() => history.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!history.data) return <Spinner />;
  const { items, statistics } = history.data;
  // A first-timer gets an invitation, not a wall of zeros.
  if (items.length === 0 && statistics.totalSessions === 0) {
    return (
      <div className="history" data-testid="history">
        <EmptyState
          icon={<HistoryIcon size={32} />}
          title={t('px.history.emptyTitle')}
          description={t('px.history.emptyText')}
          testId="history-empty"
          action={
            <Link to="/" className="button button--primary">
              {t('px.history.bookNow')}
            </Link>
          }
        />
      </div>
    );
  }
  const recent = statistics.last30Days;
  return (
    <div className="history" data-testid="history">
      <section className="history-section">
        <h3>
          <ChartIcon size={18} />
          {t('history.overall')}
        </h3>
        <StatGrid stats={statistics} testId="stats-overall" />
      </section>
      <section className="history-section history-section--recent" data-testid="stats-30-days">
        <h3>{t('history.last30Days')}</h3>
        <p className="history-recent">
          {recent.totalSessions > 0
            ? t('px.history.recent', {
                sessions: formatNumber(recent.totalSessions),
                attended: formatNumber(recent.attended),
                spent: formatMoney(recent.totalSpent),
              })
            : t('px.history.recentNone')}
        </p>
        <Last30DaysChart days={recent.days} />
      </section>
      <TeamCards teams={statistics.teams} />
      <section className="history-section">
        <h3>{t('history.pastSessions')}</h3>
        {items.length === 0 ? (
          <EmptyState icon={<HistoryIcon size={32} />} title={t('history.empty')} />
        ) : (
          <ul className="history-list">
            {items.map((item) => (
              <li key={item.id}>
                <Link to={sessionPath(item.id)} className="history-item">
                  <span className="history-item__main">
                    <span className="history-item__title">{item.title}</span>
                    <span className="history-item__meta">
                      {formatDay(item.startsAt)} {formatTimeRange(item.startsAt, item.endsAt)} ·{' '}
                      {formatMoney(item.price * item.partySize)}
                    </span>
                    {item.transferReported && (
                      <span className="history-item__note" data-testid="history-transfer">
                        {t('partyFee.transferNote', { reference: item.transferReported.reference })}
                      </span>
                    )}
                    {item.gamesPlayed != null && (
                      <span className="history-item__meta" data-testid="history-games">
                        {t('rotation.gamesPlayed', { count: item.gamesPlayed })}
                      </span>
                    )}
                  </span>
                  {item.cancelledAt ? (
                    <span className="badge badge--cancelled" data-testid="history-cancelled">
                      {t('partyFee.cancelled')}
                    </span>
                  ) : (
                    <span className={`badge badge--${item.attendance ?? 'unmarked'}`}>
                      {t(`attendance.${item.attendance ?? 'unmarked'}`)}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
