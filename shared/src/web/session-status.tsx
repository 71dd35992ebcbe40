import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type SessionPlaces, type SessionStateInput, sessionState } from '../domain/session-status.ts';

/**
 * A session's one badge and its places line in both apps, from the one status model
 * (`sessionState`, docs/PLAYER-EXPERIENCE.md "Status model") and the shared `status` texts: an
 * admin and a player see the same words for the same session (issue 30).
 */
export function SessionStatusBadge({ session }: { session: SessionStateInput }) {
  const { t } = useTranslation('status');
  const { badge } = sessionState(session);
  return (
    <span className={`badge badge--status-${badge}`} data-testid="session-badge" data-badge={badge}>
      {t(`badge.${badge}`)}
    </span>
  );
}

/**
 * The places line in one count format: places taken of the capacity ("19 / 20 人") before,
 * during and after the session alike; a full one says so with its waitlist; a lottery taking
 * entries how many draw for the places ("11 人抽 8 位").
 */
export function placesText(t: TFunction<'status'>, places: SessionPlaces): string {
  if (places.kind === 'taken') return t('places.taken', { accepted: places.accepted, capacity: places.capacity });
  if (places.kind === 'lottery') return t('places.lottery', { count: places.entrants, capacity: places.capacity });
  if (places.kind === 'full')
    return places.waiting > 0 ? t('places.fullWithWaitlist', { count: places.waiting }) : t('places.full');
  return t('places.taken', { accepted: places.capacity - places.count, capacity: places.capacity });
}

/** `placesText` in the language in use, for a component. */
export function usePlacesText(): (places: SessionPlaces) => string {
  const { t } = useTranslation('status');
  return (places) => placesText(t, places);
}
