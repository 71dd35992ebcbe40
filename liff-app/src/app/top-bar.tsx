import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '@/components/loading-overlays';
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
          {profile?.pictureUrl ? (
            <img src={profile.pictureUrl} alt="" width={34} height={34} />
          ) : (
            <span aria-hidden="true">{profile?.displayName.slice(0, 1) ?? '…'}</span>
          )}
        </Link>
      ) : (
        <Link to={loginPath('/')} className="button button--primary button--small" data-testid="top-login">
          {t('auth.login')}
        </Link>
      )}
    </header>
  );
}
