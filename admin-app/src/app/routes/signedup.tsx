import { SuccessIcon } from '@shuttle/shared/web/icons.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { memberToken } from '@/features/auth/api/become-leader';
import { BecomeLeaderPanel } from '@/features/auth/components/become-leader-panel';
import { CreateTeamForm } from '@/features/teams/components/create-team-form';
import { useAuth } from '@/lib/auth';
import { refreshProfile, verifyAdminLogin } from '../auth-check';

/**
 * /admin/signedup: the step after sign-up (or 'become team leader' from the member app):
 * create the first team. Without an admin login, a player signed in to the member app can open
 * one from here; anyone else is pointed to login and sign-up.
 */
export default function Signedup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, profile, status } = useAuth();

  useEffect(() => {
    if (token && status === 'checking') void verifyAdminLogin();
  }, [token, status]);

  if (token && status !== 'authenticated') {
    return (
      <AuthLayout title={t('signedup.title')}>
        <Spinner />
      </AuthLayout>
    );
  }

  if (!token || !profile) {
    const player = memberToken();
    return (
      <AuthLayout title={t('signedup.leaderTitle')}>
        {player ? (
          <BecomeLeaderPanel memberToken={player} />
        ) : (
          <p className="auth-card__intro">{t('signedup.needLogin')}</p>
        )}
        <div className="button-row button-row--center">
          <Link to="/login" className="button button--outline">
            {t('auth.login')}
          </Link>
          <Link to="/login?mode=signup" className="button button--primary">
            {t('auth.signup')}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  if (profile.currentTeamId) {
    return (
      <AuthLayout title={t('signedup.readyTitle')}>
        <div className="done-panel" role="status">
          <SuccessIcon size={40} />
          <p>{t('signedup.ready', { name: profile.displayName })}</p>
        </div>
        <Link to="/" className="button button--primary button--block" data-testid="to-board">
          {t('signedup.toBoard')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('signedup.title')} wide>
      <p className="auth-card__intro">{t('signedup.intro', { name: profile.displayName })}</p>
      <CreateTeamForm
        submitLabel={t('signedup.createTeam')}
        onCreated={async () => {
          removeQueries();
          await refreshProfile();
          navigate('/', { replace: true });
        }}
      />
    </AuthLayout>
  );
}
