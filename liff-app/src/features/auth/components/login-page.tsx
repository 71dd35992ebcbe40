import { InfoIcon } from '@shuttle/shared/web/icons.tsx';
import { AppLogo } from '@shuttle/shared/web/loading-overlays.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LineLogo } from '@/components/brand-logos';
import { useRuntimeConfig } from '@/config/config-loader';
import { useAuth } from '@/lib/auth';
import { DEMO_PLAYER, devIdentity } from '@/lib/dev-login';
import { initLiff, isMockLiff, liffLogin } from '@/lib/liff';
import { safeNextPath } from '@/lib/paths';
import { canOfferGoogleLogin } from '@/lib/user-agent';
import { GoogleLoginButton } from './google-login-button';

const callbackPath = (provider: 'line' | 'google', next: string) =>
  `/callback?provider=${provider}&next=${encodeURIComponent(next)}`;

/** /login: LINE login, Google login (where Google allows it) and the not-logged-in notice. */
export function LoginPage() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const { status } = useAuth();
  const [inClient, setInClient] = useState(false);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    let live = true;
    initLiff()
      .then((liff) => live && setInClient(liff.isInClient()))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  // /login and /callback replace each other, then the page signed in for: Back never returns to them.
  const onGoogleCredential = useCallback(
    () => navigate(callbackPath('google', next), { replace: true }),
    [navigate, next],
  );

  if (status === 'authenticated') return <Navigate to={next} replace />;

  const loginWithLine = async () => {
    setStarting(true);
    try {
      const liff = await initLiff();
      if (isMockLiff() || liff.isLoggedIn()) {
        navigate(callbackPath('line', next), { replace: true });
        return;
      }
      // LINE returns here with a code; /callback finishes the login and goes on to `next`.
      await liffLogin(`${window.location.origin}${callbackPath('line', next)}`);
    } catch (error) {
      console.error('Starting LINE login failed', error);
      notify({ level: 'error', title: t('auth.loginFailedTitle'), message: t('LOGIN_FAILED', { ns: 'errors' }) });
      setStarting(false);
    }
  };

  const showGoogle = config !== null && canOfferGoogleLogin(navigator.userAgent, inClient);
  const demoName = config?.devLogin ? devIdentity().name : DEMO_PLAYER.name;

  return (
    <div className="login-page">
      <div className="login-page__hero">
        <AppLogo size={72} />
        <h1>{t('app.name')}</h1>
        <p>{t('app.tagline')}</p>
      </div>
      <div className="login-card">
        <p className="notice notice--info" role="status" data-testid="not-logged-in">
          <InfoIcon size={20} />
          {t('auth.notLoggedIn')}
        </p>
        <button
          type="button"
          className="button button--line button--block button--large"
          onClick={loginWithLine}
          disabled={starting}
          data-testid="line-login"
        >
          <LineLogo />
          {t('auth.loginWithLine')}
        </button>
        {showGoogle && <GoogleLoginButton config={config} onCredential={onGoogleCredential} />}
        {config?.devLogin && (
          <p className="login-card__dev" data-testid="dev-login-hint">
            {t('auth.devHint', { name: demoName })}
          </p>
        )}
        <p className="login-card__legal">
          {t('auth.agreePrefix')} <Link to="/setting/terms-of-service">{t('settings.items.terms')}</Link>{' '}
          {t('auth.agreeAnd')} <Link to="/setting/privacy-policy">{t('settings.items.privacy')}</Link>
          {t('auth.agreeSuffix')}
        </p>
      </div>
      <Link to={next} className="link-button login-page__guest">
        {t('auth.browseAsGuest')}
      </Link>
    </div>
  );
}
