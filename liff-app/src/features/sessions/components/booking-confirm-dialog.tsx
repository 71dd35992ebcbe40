import type { SessionDetail } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialog';
import { formatFullDate, formatMoney, formatTimeRange } from '@/lib/format';

/** Confirmation before reserving a place, or before joining the waitlist of a full session. */
export function BookingConfirmDialog({
  session,
  open,
  busy,
  onConfirm,
  onCancel,
}: {
  session: SessionDetail;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const waitlist = session.remaining === 0;
  return (
    <ConfirmDialog
      open={open}
      title={waitlist ? t('booking.confirmWaitlistTitle') : t('booking.confirmTitle')}
      confirmLabel={waitlist ? t('booking.joinWaitlist') : t('booking.confirmReserve')}
      cancelLabel={t('common.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
      testId="booking-confirm"
    >
      <dl className="summary-list">
        <div>
          <dt>{t('session.title')}</dt>
          <dd>{session.title}</dd>
        </div>
        <div>
          <dt>{t('session.time')}</dt>
          <dd>
            {formatFullDate(session.startsAt)} {formatTimeRange(session.startsAt, session.endsAt)}
          </dd>
        </div>
        <div>
          <dt>{t('session.venue')}</dt>
          <dd>{session.venue}</dd>
        </div>
        <div>
          <dt>{t('session.fee')}</dt>
          <dd>{formatMoney(session.price)}</dd>
        </div>
      </dl>
      <p className="dialog__text">
        {waitlist ? t('booking.waitlistExplain', { position: session.waitingCount + 1 }) : t('booking.reserveExplain')}
      </p>
    </ConfirmDialog>
  );
}
