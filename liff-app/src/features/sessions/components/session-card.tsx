import { type SessionSummary, sessionState } from '@shuttle/shared';
import { formatDay, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ClockIcon, PinIcon, UsersIcon } from '@shuttle/shared/web/icons.tsx';
import { SessionStatusBadge, usePlacesText } from '@shuttle/shared/web/session-status.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryChips } from '@/components/session-badges';
import { sessionPath } from '@/lib/paths';
import { LevelRange } from './level-range';

export function SessionCard({ session }: { session: SessionSummary }) {
  const { t } = useTranslation();
  const state = sessionState(session);
  const placesText = usePlacesText();
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
          <SessionStatusBadge session={session} />
          {mine && (
            <span className={`badge badge--${mine.status}`} data-testid="my-booking-badge">
              {mine.status === 'accepted'
                ? t('booking.accepted')
                : mine.status === 'entered'
                  ? t('fair.badgeEntered')
                  : t('booking.waitingPosition', { position: mine.position })}
            </span>
          )}
          <span className="session-card__price">{formatMoney(session.price)}</span>
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
            {t(`px.region.${session.region}`)} · {session.venue}
          </span>
        </div>
        <div className="session-card__bottom">
          <div className="session-card__tags">
            <CategoryChips categories={session.categories} />
            <LevelRange min={session.levelMin} max={session.levelMax} />
          </div>
          <span
            className={`session-card__places${state.places.kind === 'full' ? ' is-full' : ''}`}
            data-testid="session-places"
          >
            <UsersIcon size={16} />
            {placesText(state.places)}
          </span>
        </div>
      </Link>
    </li>
  );
}
