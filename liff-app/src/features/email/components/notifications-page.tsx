import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { useTranslation } from 'react-i18next';
import { LoginRequired } from '@/components/login-prompt';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth';
import { useEmailStatus } from '../api/get-email-status';
import { ChannelPreferencesCard } from './channel-preferences';
import { NotificationPreferencesCard } from './notification-preferences';

/** /setting/notifications: channels and kinds of notice, for every signed-in player. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { token, profile } = useAuth();
  const status = useEmailStatus(token !== null);
  return (
    <div className="email-page" data-testid="notifications-page">
      <PageHeader title={t('px.notify.menu')} fallback="/setting" />
      <div className="page-body">
        {!token ? (
          <LoginRequired next="/setting/notifications" />
        ) : status.data ? (
          <>
            <ChannelPreferencesCard
              preferences={status.data.preferences}
              lineAvailable={profile?.provider !== 'google'}
              emailVerified={status.data.verified}
            />
            <NotificationPreferencesCard preferences={status.data.preferences} />
          </>
        ) : status.status === 'error' ? (
          <div className="error-box" role="alert">
            <p>{errorMessage(status.error)}</p>
          </div>
        ) : (
          <Spinner />
        )}
      </div>
    </div>
  );
}
