import type { MyBooking } from '@shuttle/shared';
import { ApiError, errorMessage } from '@shuttle/shared/web/api-error.ts';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingsChanged } from '@/lib/changes';
import { cancelBooked } from '../api/cancel-booked';
import { bookedKeys } from '../api/keys';

const RETRYABLE = new Set(['NETWORK', 'TIMEOUT']);

interface CancelTarget {
  id: string;
  title: string;
  myBooking?: MyBooking | null;
}

/** 'Cancel booking' with its confirmation: 'keep booking' or 'confirm cancellation'. */
export function CancelBookingButton({ session, className }: { session: CancelTarget; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const waiting = session.myBooking?.status === 'waiting';
  const reported = session.myBooking?.payment?.reported;
  // A lottery entry holds no place: leaving it is 取消抽籤, not 取消預約 (issue 30).
  const entered = session.myBooking?.status === 'entered';

  const confirm = async () => {
    attemptKey.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      const result = await withLightLoading(() => cancelBooked(session.id, attemptKey.current!));
      attemptKey.current = null;
      setOpen(false);
      await bookingsChanged.announce();
      notify({
        level: 'success',
        title: t('cancel.successTitle'),
        message: result.promoted ? t('cancel.successPromoted') : t('cancel.successMessage'),
      });
    } catch (error) {
      if (!(error instanceof ApiError && RETRYABLE.has(error.code))) attemptKey.current = null;
      setOpen(false);
      notify({ level: 'error', title: t('cancel.failedTitle'), message: errorMessage(error) });
      void invalidateQueries(bookedKeys.all);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className ?? 'button button--danger-outline button--small'}
        onClick={() => setOpen(true)}
        data-testid="cancel-booking"
      >
        {entered ? t('lotteryView.cancel') : waiting ? t('cancel.leaveWaitlist') : t('cancel.button')}
      </button>
      <ConfirmDialog
        open={open}
        title={entered ? t('lotteryView.cancelTitle') : waiting ? t('cancel.leaveWaitlistTitle') : t('cancel.title')}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={entered ? t('lotteryView.keep') : waiting ? t('px.cancel.keepWaitlist') : t('cancel.keep')}
        tone="danger"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
        testId="cancel-dialog"
      >
        <p className="dialog__text">{t('cancel.question', { title: session.title })}</p>
        <p className="dialog__text dialog__text--warning">
          {entered ? t('lotteryView.cancelText') : waiting ? t('px.cancel.waitlistText') : t('cancel.irreversible')}
        </p>
        {/* A reported transfer: how the money comes back (docs/ON-COURT.md, "Where to pay"). */}
        {reported && (
          <p className="dialog__text" data-testid="cancel-transfer-refund">
            {t('cancel.transferReported', { reference: reported.reference })}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
