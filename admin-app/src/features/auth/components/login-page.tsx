import type { AdminLoginResult } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { useAuth } from '@/lib/auth';
import { completeLogin, safeNext } from '../model/complete-login';
import { AcceptInvitePanel } from './accept-invite-panel';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/** /admin/login, with the sign-up form at ?mode=signup and an invitation at ?invite=… */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useAuth();
  const signupMode = params.get('mode') === 'signup';
  const invite = params.get('invite');
  const next = safeNext(params.get('next'));

  if (token && !invite) return <Navigate to={next} replace />;
  if (token && invite) return <AcceptInvitePanel token={invite} />;

  const finish = async (result: AdminLoginResult, after: string) => {
    const outcome = await completeLogin(result, invite);
    if (!outcome.ok) {
      notify({ level: 'error', title: t('common.errorTitle'), message: t('auth.notAdmin') });
      return;
    }
    if (outcome.joinedTeam) {
      notify({
        level: 'success',
        title: t('auth.inviteTitle'),
        message: t('auth.inviteAccepted', { team: outcome.joinedTeam }),
      });
    } else if (outcome.inviteError) {
      notify({ level: 'error', title: t('auth.inviteTitle'), message: errorMessage(outcome.inviteError) });
    }
    // A sign-up that joined a team by invitation has somewhere to go straight away.
    navigate(outcome.joinedTeam && after === '/signedup' ? '/' : after, { replace: true });
  };

  const modeLink = (mode: 'login' | 'signup') => {
    const search = new URLSearchParams(params);
    if (mode === 'signup') search.set('mode', 'signup');
    else search.delete('mode');
    const query = search.toString();
    return `/login${query ? `?${query}` : ''}`;
  };

  return (
    <AuthLayout title={signupMode ? t('auth.signupTitle') : t('auth.loginTitle')}>
      <p className="auth-card__intro">{signupMode ? t('auth.signupIntro') : t('auth.loginIntro')}</p>
      {invite && (
        <p className="notice notice--info" data-testid="invite-notice">
          {t('auth.inviteNotice')}
        </p>
      )}
      {signupMode ? (
        <SignupForm onSignedUp={(result) => finish(result, '/signedup')} />
      ) : (
        <LoginForm onLoggedIn={(result) => finish(result, next)} />
      )}
      <p className="auth-card__switch">
        {signupMode ? t('auth.hasAccount') : t('auth.noAccount')}{' '}
        <Link to={modeLink(signupMode ? 'login' : 'signup')} className="link-button" data-testid="auth-mode-switch">
          {signupMode ? t('auth.toLogin') : t('auth.toSignup')}
        </Link>
      </p>
      <p className="auth-card__footer">
        <a href="/" className="link-button">
          {t('auth.memberApp')}
        </a>
      </p>
    </AuthLayout>
  );
}
