import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
import { useFocusTrap } from './use-focus-trap.ts';
import { useScrollLock } from './use-scroll-lock.ts';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** 'center' is a card (confirmations); 'sheet' slides up from the bottom (filters, pickers); 'wide' holds a form. */
  variant?: 'center' | 'sheet' | 'wide';
  testId?: string;
}

/** A modal dialog: focus stays inside, Escape and the backdrop close it, the page behind does not scroll. */
export function Dialog({ open, title, onClose, children, footer, variant = 'center', testId }: DialogProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock(open);
  useFocusTrap(panel, open, onClose);
  if (!open) return null;
  return (
    <div className={`dialog-backdrop dialog-backdrop--${variant}`}>
      <button type="button" className="scrim" tabIndex={-1} aria-label={t('common.close')} onClick={onClose} />
      <div
        ref={panel}
        className={`dialog dialog--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <header className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </div>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** 取消 (common.cancel) unless told. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  testId?: string;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'primary',
  busy = false,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      testId={testId}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button
            type="button"
            className={`button button--${tone}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
            data-autofocus
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
