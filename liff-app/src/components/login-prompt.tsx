import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { SettingsIcon } from '@shuttle/shared/web/icons.tsx';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '@/lib/paths';
import { closeLoginPrompt, useLoginPrompt } from '@/stores/login-prompt';

export function LoginPrompt() {
  const { t } = useTranslation();
  const { open, next } = useLoginPrompt();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ConfirmDialog
      open={open}
      title={t('auth.loginRequiredTitle')}
      confirmLabel={t('auth.login')}
      onCancel={closeLoginPrompt}
      onConfirm={() => {
        closeLoginPrompt();
        // /login takes this page's place in the history: signed in, the player is back on it
        // (with what they asked for), and Back leads where they came from, not through /login.
        navigate(loginPath(next ?? `${location.pathname}${location.search}`), { replace: true });
      }}
      testId="login-prompt"
    >
      <p className="dialog__text">{t('auth.notLoggedIn')}</p>
    </ConfirmDialog>
  );
}

/** Inline version for a screen that shows nothing without a member (reserved, history, email). */
export function LoginRequired({ next }: { next?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="empty-state" data-testid="login-required">
      <div className="empty-state__icon">
        <SettingsIcon size={32} />
      </div>
      <p className="empty-state__title">{t('auth.notLoggedIn')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => navigate(loginPath(next ?? `${location.pathname}${location.search}`))}
      >
        {t('auth.login')}
      </button>
    </div>
  );
}
