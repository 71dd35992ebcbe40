import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons.tsx';
import { type ModalLevel, setModalShow, useModal } from './ui-store.ts';
import { useFocusTrap } from './use-focus-trap.ts';
import { useScrollLock } from './use-scroll-lock.ts';

const ICONS: Record<ModalLevel, typeof InfoIcon> = {
  info: InfoIcon,
  warning: WarningIcon,
  error: ErrorIcon,
  success: SuccessIcon,
};

/** The global notification modal: closes by ×, 確認 or the backdrop; locks scrolling while shown. */
export function NotificationModal() {
  const { t } = useTranslation();
  const { show, title, message, level } = useModal();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const messageId = useId();
  const close = () => setModalShow(false);
  useScrollLock(show);
  useFocusTrap(panel, show, close);
  if (!show) return null;
  const Icon = ICONS[level];
  return (
    <div className="modal-backdrop">
      <button
        type="button"
        className="scrim"
        tabIndex={-1}
        aria-label={t('common.close')}
        onClick={close}
        data-testid="modal-backdrop"
      />
      <div
        ref={panel}
        className={`modal modal--${level}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={messageId}
        data-level={level}
      >
        <button type="button" className="icon-button modal__close" aria-label={t('common.close')} onClick={close}>
          <CloseIcon />
        </button>
        <div className="modal__icon">
          <Icon size={30} />
        </div>
        {title && (
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
        )}
        <p id={messageId} className="modal__message">
          {message}
        </p>
        <button type="button" className="button button--primary button--block" onClick={close} data-autofocus>
          {t('modal.confirm')}
        </button>
      </div>
    </div>
  );
}
