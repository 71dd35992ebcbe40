import { removeQueries } from '@shuttle/shared/web/query.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { useAction } from '@/hooks/use-action';
import { acceptProfile, clearLogin, useAuth } from '@/lib/auth';
import { acceptInvite } from '../api/accept-invite';
import { checkAuth } from '../api/check-auth';

/** An invitation link opened while signed in: join as this account, or sign in as another. */
export function AcceptInvitePanel({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useAuth();
  const { busy, run } = useAction();

  const accept = async () => {
    const team = await run(async () => {
      const joined = await acceptInvite(token);
      acceptProfile(await checkAuth());
      return joined;
    });
    if (!team) return;
    removeQueries();
    navigate('/', { replace: true });
  };

  return (
    <AuthLayout title={t('auth.inviteTitle')}>
      <p className="auth-card__intro">
        {t('auth.inviteSignedIn', { name: profile?.displayName ?? profile?.email ?? '' })}
      </p>
      <div className="form">
        <button type="button" className="button button--primary button--block" onClick={accept} disabled={busy}>
          {t('auth.acceptInvite')}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={clearLogin} disabled={busy}>
          {t('auth.otherAccount')}
        </button>
      </div>
    </AuthLayout>
  );
}
