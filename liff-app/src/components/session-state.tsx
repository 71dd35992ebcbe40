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

/**
 * The places line in the list's one count format, the detail's 人數 too: places taken of the
 * capacity ("19 / 20 人"), before, during and after the session alike; a full one says so with
 * its waitlist (issue 22: no "19 / 20 人" beside "剩 1 / 20 位").
 */
export function usePlacesText(): (places: SessionPlaces) => string {
  const { t } = useTranslation();
  return (places) => {
    if (places.kind === 'taken')
      return t('session.peopleValue', { accepted: places.accepted, capacity: places.capacity });
    if (places.kind === 'full')
      return places.waiting > 0 ? t('session.fullWithWaitlist', { count: places.waiting }) : t('session.full');
    return t('session.peopleValue', { accepted: places.capacity - places.count, capacity: places.capacity });
  };
}
