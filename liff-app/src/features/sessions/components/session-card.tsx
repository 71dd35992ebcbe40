import type { SessionSummary } from '@shuttle/shared';
import { formatDay, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ClockIcon, PinIcon, UsersIcon } from '@shuttle/shared/web/icons.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryChips, StatusBadge } from '@/components/session-badges';
import { sessionPath } from '@/lib/paths';

export function SessionCard({ session }: { session: SessionSummary }) {
  const { t } = useTranslation();
  const full = session.remaining === 0;
  const mine = session.myBooking;
  return (
    <li>
      <Link
        to={sessionPath(session.id)}
        className="session-card"
        data-testid="session-card"
        data-session-id={session.id}
      >
        <div className="session-card__top">
          <StatusBadge status={session.status} />
          {session.bookingClosed && session.status === 'open' && (
            <span className="badge badge--muted">{t('session.bookingClosed')}</span>
          )}
          {mine && (
            <span className={`badge badge--${mine.status}`} data-testid="my-booking-badge">
              {mine.status === 'accepted'
                ? t('booking.accepted')
                : t('booking.waitingPosition', { position: mine.position })}
            </span>
          )}
        </div>
        <h3 className="session-card__title">{session.title}</h3>
        <p className="session-card__team">{session.teamName}</p>
        <div className="session-card__meta">
          <span>
            <ClockIcon size={16} />
            {formatDay(session.startsAt)} {formatTimeRange(session.startsAt, session.endsAt)}
          </span>
          <span>
            <PinIcon size={16} />
            {session.region} · {session.venue}
          </span>
        </div>
        <CategoryChips categories={session.categories} />
        <div className="session-card__bottom">
          <span className="session-card__price">{formatMoney(session.price)}</span>
          <span className={`session-card__places${full && session.status !== 'ended' ? ' is-full' : ''}`}>
            <UsersIcon size={16} />
            {session.status === 'ended' || session.status === 'inProgress'
              ? t('session.peopleValue', { accepted: session.acceptedCount, capacity: session.capacity })
              : full
                ? session.waitingCount > 0
                  ? t('session.fullWithWaitlist', { count: session.waitingCount })
                  : t('session.full')
                : t('session.remaining', { count: session.remaining, capacity: session.capacity })}
          </span>
        </div>
      </Link>
    </li>
  );
}
