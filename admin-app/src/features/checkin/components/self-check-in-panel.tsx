import type { SelfCheckInCode } from '@shuttle/shared';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '@/hooks/use-action';
import { svgSource, useQrCode } from '@/hooks/use-qr-code';
import { getSelfCheckIn, rotateSelfCheckIn } from '../api/self-check-in';

/** The member app's self check-in screen for a session and its code (the member app is served at `/`). */
const selfCheckInUrl = (origin: string, code: SelfCheckInCode) =>
  `${origin}/checkin?${new URLSearchParams({ id: code.sessionId, code: code.code })}`;

/**
 * Self check-in by QR (docs/ON-COURT.md, "Self check-in"): the admin shows the code at the venue,
 * booked players scan it and are checked in (from 1 h before the start to the end). The code is
 * fetched only when asked for, never kept on screen otherwise; 更換 QR (after a confirmation)
 * makes a new one and the old stops at once.
 */
export function SelfCheckInPanel({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [code, setCode] = useState<SelfCheckInCode | null>(null);
  const [confirming, setConfirming] = useState(false);
  const url = code ? selfCheckInUrl(window.location.origin, code) : null;
  const qr = useQrCode(url);
  const show = async () => {
    const result = await run(() => getSelfCheckIn(sessionId));
    if (result) setCode(result);
  };
  const rotate = async () => {
    setConfirming(false);
    const result = await run(() => rotateSelfCheckIn(sessionId));
    if (result) setCode(result);
  };
  return (
    <section className="panel" aria-labelledby="self-check-in-title" data-testid="self-check-in">
      <h2 className="panel__title" id="self-check-in-title">
        {t('door.selfCheckIn')}
      </h2>
      <p className="panel__text">{t('door.selfCheckInHint')}</p>
      {code ? (
        <>
          {qr && (
            <img
              className="self-check-in__qr"
              src={svgSource(qr)}
              alt={t('door.selfCheckInQr')}
              width={200}
              height={200}
              data-testid="self-check-in-qr"
              data-url={url ?? ''}
            />
          )}
          <p className="panel__text" data-testid="self-check-in-window">
            {t('door.selfCheckInWindow', { from: formatDateTime(code.opensAt), to: formatDateTime(code.closesAt) })}
          </p>
          <div className="self-check-in__actions">
            <button type="button" className="button button--outline" onClick={() => setCode(null)}>
              {t('door.hideQr')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => setConfirming(true)}
              data-testid="rotate-self-check-in"
            >
              {t('door.rotateQr')}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void show()}
          data-testid="show-self-check-in"
        >
          {t('door.showQr')}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('door.rotateQr')}
        confirmLabel={t('door.rotateQrConfirm')}
        tone="danger"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void rotate()}
        testId="rotate-self-check-in-dialog"
      >
        <p>{t('door.rotateQrHint')}</p>
      </ConfirmDialog>
    </section>
  );
}
