import { addDays, taipeiDate } from '@shuttle/shared';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatIsoDate, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ChevronLeftIcon, ChevronRightIcon, ClipboardCheckIcon } from '@shuttle/shared/web/icons.tsx';
import { TermList } from '@shuttle/shared/web/term-list.tsx';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { SessionBadges } from '@/components/session-badges';
import { signlistDate, useSignedList } from '../api/get-signed-list';

/** /admin/signlist?date=…: a day's sessions with attendance so far, each leading to check-in. */
export function SignlistPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = taipeiDate(new Date());
  const date = signlistDate(params, today);
  const list = useSignedList(date);
  const go = (next: string) => setParams(next === today ? {} : { date: next }, { replace: true });

  return (
    <div className="page" data-testid="signlist">
      <PageHeader title={t('signlist.title')} description={t('signlist.description')} />
      <div className="date-nav">
        <button
          type="button"
          className="icon-button"
          aria-label={t('signlist.previousDay')}
          onClick={() => go(addDays(date, -1))}
        >
          <ChevronLeftIcon />
        </button>
        <label className="date-nav__field">
          <span className="sr-only">{t('signlist.date')}</span>
          <input className="input" type="date" value={date} onChange={(e) => e.target.value && go(e.target.value)} />
        </label>
        <button
          type="button"
          className="icon-button"
          aria-label={t('signlist.nextDay')}
          onClick={() => go(addDays(date, 1))}
        >
          <ChevronRightIcon />
        </button>
        {date !== today && (
          <button type="button" className="button button--ghost button--small" onClick={() => go(today)}>
            {t('signlist.today')}
          </button>
        )}
        <span className="date-nav__label">{formatIsoDate(date)}</span>
      </div>
      <QueryView query={list}>
        {(data) =>
          data.sessions.length === 0 ? (
            <EmptyState icon={<ClipboardCheckIcon size={28} />} title={t('signlist.empty')} />
          ) : (
            <ul className="card-grid">
              {data.sessions.map(({ session, counts }) => (
                <li
                  key={session.id}
                  className="panel signlist-card"
                  data-testid="signlist-card"
                  data-session-id={session.id}
                >
                  <div className="signlist-card__head">
                    <span className="signlist-card__time">{formatTimeRange(session.startsAt, session.endsAt)}</span>
                    <SessionBadges session={session} />
                  </div>
                  <p className="signlist-card__title">{session.title}</p>
                  <p className="muted">{session.venue}</p>
                  <TermList
                    className="count-row"
                    items={[
                      { term: t('attendance.attended'), value: counts.attended },
                      { term: t('attendance.absent'), value: counts.absent },
                      { term: t('attendance.unmarked'), value: counts.unmarked },
                    ]}
                  />
                  <Link to={`/signed?id=${session.id}`} className="button button--primary button--block">
                    {t('signlist.open')}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}
