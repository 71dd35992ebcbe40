import type { SessionDetail } from '@shuttle/shared';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { useTranslation } from 'react-i18next';
import { useMySuspension } from '../api/payments';

/** Why a member cannot book this team's sessions now, and until when (the team's no-show rule). */
export function SuspensionNotice({ session }: { session: SessionDetail }) {
  const { t } = useTranslation();
  const member = session.team?.membership === 'member' && !session.myBooking;
  const suspension = useMySuspension(member ? session.teamId : null);
  const until = suspension.data?.suspendedUntil;
  if (!member || !until) return null;
  return (
    <p className="notice notice--warning" role="status" data-testid="suspension-notice">
      {t('money.suspended', { until: formatDateTime(until), noShows: suspension.data!.noShows })}
    </p>
  );
}
