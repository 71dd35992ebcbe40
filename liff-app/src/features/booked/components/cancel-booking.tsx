import type { MyBooking } from '@shuttle/shared';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialog';
import { ApiError, errorMessage } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notify, withLightLoading } from '@/stores/ui';
import { cancelBooked } from '../api/cancel-booked';

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

  const confirm = async () => {
    attemptKey.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      const result = await withLightLoading(() => cancelBooked(session.id, attemptKey.current!));
      attemptKey.current = null;
      setOpen(false);
      await Promise.all([invalidateQueries('booked:'), invalidateQueries('sessions:')]);
      notify({
        level: 'success',
        title: t('cancel.successTitle'),
        message: result.promoted ? t('cancel.successPromoted') : t('cancel.successMessage'),
      });
    } catch (error) {
      if (!(error instanceof ApiError && RETRYABLE.has(error.code))) attemptKey.current = null;
      setOpen(false);
      notify({ level: 'error', title: t('cancel.failedTitle'), message: errorMessage(error) });
      void invalidateQueries('booked:');
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
        {waiting ? t('cancel.leaveWaitlist') : t('cancel.button')}
      </button>
      <ConfirmDialog
        open={open}
        title={waiting ? t('cancel.leaveWaitlistTitle') : t('cancel.title')}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        tone="danger"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
        testId="cancel-dialog"
      >
        <p className="dialog__text">{t('cancel.question', { title: session.title })}</p>
        <p className="dialog__text dialog__text--warning">{t('cancel.irreversible')}</p>
      </ConfirmDialog>
    </>
  );
}
