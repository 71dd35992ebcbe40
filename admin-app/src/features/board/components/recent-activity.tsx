import type { AdminRoutes, ResponseOf } from '@shuttle/shared';
import { formatDateTime, formatDay } from '@shuttle/shared/web/format.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Activity = ResponseOf<AdminRoutes['board/getBoard']>['recent'][number];

const SHOWN = 8;

/** The latest bookings, waitlist joins, promotions and cancellations of the team's sessions. */
export function RecentActivity({ items }: { items: Activity[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, SHOWN);
  return (
    <section className="panel" aria-labelledby="recent-title" data-testid="board-recent">
      <h2 className="panel__title" id="recent-title">
        {t('board.recent')}
      </h2>
      {items.length === 0 ? (
        <p className="panel__empty">{t('board.noRecent')}</p>
      ) : (
        <ol className="activity">
          {shown.map((item) => (
            <li key={`${item.sessionId}:${item.userId}:${item.kind}:${item.at}`} className="activity__item">
              <span className={`activity__dot activity__dot--${item.kind}`} aria-hidden="true" />
              <div className="activity__text">
                <p>
                  <strong>{item.name}</strong>{' '}
                  <span className={`badge badge--${item.kind}`}>{t(`activity.${item.kind}`)}</span>
                </p>
                <p className="activity__meta">
                  <Link to={`/detail?id=${item.sessionId}`}>
                    {formatDay(item.startsAt)} · {item.sessionTitle}
                  </Link>
                </p>
              </div>
              <time className="activity__time" dateTime={item.at}>
                {formatDateTime(item.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {items.length > SHOWN && (
        <button type="button" className="link-button" onClick={() => setAll((v) => !v)} aria-expanded={all}>
          {all ? t('board.showLess') : t('board.showAll', { count: items.length })}
        </button>
      )}
    </section>
  );
}
