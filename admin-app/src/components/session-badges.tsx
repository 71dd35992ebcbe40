import type { Category, SessionStatus } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';

function StatusBadge({ status }: { status: SessionStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge--status-${status}`}>{t(`status.${status}`)}</span>;
}

/** Status, Booking Closed and team-only marks of a session. */
export function SessionBadges({
  status,
  bookingClosed,
  isPublic,
}: {
  status: SessionStatus;
  bookingClosed: boolean;
  isPublic: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span className="badge-row">
      <StatusBadge status={status} />
      {bookingClosed && status !== 'ended' && (
        <span className="badge badge--closed" data-testid="badge-booking-closed">
          {t('session.bookingClosed')}
        </span>
      )}
      {!isPublic && <span className="badge badge--muted">{t('session.teamOnly')}</span>}
    </span>
  );
}

export function CategoryTags({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  return (
    <span className="chip-list">
      {categories.map((c) => (
        <span key={c} className={`tag tag--${c}`}>
          {t(`category.${c}`)}
        </span>
      ))}
    </span>
  );
}
