import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref } from 'react-router';
import { svgSource, useQrCode } from '@/hooks/use-qr-code';

/**
 * The venue screen's link (a TV or tablet opens it without login) with its QR code and a copy
 * button (docs/ON-COURT.md). 重設螢幕連結 (`rotation/rotateScreenToken`, after a confirmation)
 * makes a new link and code; the old one stops at once.
 */
export function ScreenLink({
  sessionId,
  token,
  busy,
  onRotate,
}: {
  sessionId: string;
  token: string;
  busy: boolean;
  onRotate: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const href = useHref(`/screen/rotation?${new URLSearchParams({ id: sessionId, token })}`);
  const url = `${window.location.origin}${href}`;
  const qr = useQrCode(url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="panel rotation-screen-link" aria-labelledby="rotation-screen-title">
      <h2 className="panel__title" id="rotation-screen-title">
        {t('rotation.screen')}
      </h2>
      <p className="panel__text">{t('rotation.screenHint')}</p>
      {qr && (
        <img
          className="rotation-screen-link__qr"
          src={svgSource(qr)}
          alt={t('rotation.screenQr')}
          width={176}
          height={176}
          data-testid="screen-qr"
        />
      )}
      <a className="rotation-screen-link__url" href={url} target="_blank" rel="noreferrer" data-testid="screen-link">
        {url}
      </a>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void copy()}
        data-testid="copy-screen-link"
      >
        {copied ? t('rotation.copied') : t('rotation.copy')}
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={busy}
        onClick={() => setConfirming(true)}
        data-testid="rotate-screen-token"
      >
        {t('rotation.rotateScreen')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('rotation.rotateScreen')}
        confirmLabel={t('rotation.rotateConfirm')}
        tone="danger"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setCopied(false);
          onRotate();
        }}
        testId="rotate-screen-dialog"
      >
        <p>{t('rotation.rotateHint')}</p>
      </ConfirmDialog>
    </section>
  );
}
