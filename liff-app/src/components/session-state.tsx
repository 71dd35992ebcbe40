import { type SessionPlaces, type SessionStateInput, sessionState } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';

/**
 * The one badge and the places line of a session, from the status model
 * (`sessionState`, docs/PLAYER-EXPERIENCE.md "Status model"); cards, detail and lists use these.
 */
export function SessionStateBadge({ session }: { session: SessionStateInput }) {
  const { t } = useTranslation();
  const { badge } = sessionState(session);
  const label =
    badge === 'full' ? t('session.full') : badge === 'closed' ? t('session.bookingClosed') : t(`status.${badge}`);
  return (
    <span className={`badge badge--status-${badge}`} data-testid="session-badge" data-badge={badge}>
      {label}
    </span>
  );
}

export function usePlacesText(): (places: SessionPlaces) => string {
  const { t } = useTranslation();
  return (places) => {
    if (places.kind === 'taken')
      return t('session.peopleValue', { accepted: places.accepted, capacity: places.capacity });
    if (places.kind === 'full')
      return places.waiting > 0 ? t('session.fullWithWaitlist', { count: places.waiting }) : t('session.full');
    return t('session.remaining', { count: places.count, capacity: places.capacity });
  };
}
