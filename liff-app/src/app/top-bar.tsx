import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { AppLogo } from '@shuttle/shared/web/loading-overlays.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth';
import { loginPath } from '@/lib/paths';

export function TopBar() {
  const { t } = useTranslation();
  const { profile, token } = useAuth();
  return (
    <header className="top-bar">
      <Link to="/" className="top-bar__brand">
        <AppLogo size={32} />
        <span>{t('app.name')}</span>
      </Link>
      {token ? (
        <Link to="/setting" className="top-bar__avatar" aria-label={t('nav.settings')}>
          <Avatar
            src={profile?.pictureUrl ?? ''}
            name={profile?.displayName ?? '…'}
            size={34}
            className="top-bar__img"
          />
        </Link>
      ) : (
        <Link to={loginPath('/')} className="button button--primary button--small" data-testid="top-login">
          {t('auth.login')}
        </Link>
      )}
    </header>
  );
}
