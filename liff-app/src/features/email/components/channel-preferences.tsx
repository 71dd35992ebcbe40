import type { NotificationPreferences } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { ChatIcon, MailIcon } from '@shuttle/shared/web/icons.tsx';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailKeys } from '../api/keys';
import { updatePreferences } from '../api/update-preferences';

type Channel = 'line' | 'email';

/**
 * LINE and email, each on or off, for every player (docs/PLAYER-EXPERIENCE.md, "Notifications").
 * A channel that cannot reach the player yet says why instead of a switch.
 */
export function ChannelPreferencesCard({
  preferences,
  lineAvailable,
  emailVerified,
}: {
  preferences: NotificationPreferences;
  lineAvailable: boolean;
  emailVerified: boolean;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState<Channel | null>(null);
  const toggle = async (channel: Channel) => {
    setSaving(channel);
    try {
      setQueryData(emailKeys.status, await updatePreferences({ [channel]: !preferences[channel] }));
    } catch (error) {
      notify({ level: 'error', title: t('email.preferences.failedTitle'), message: errorMessage(error) });
    } finally {
      setSaving(null);
    }
  };
  const row = (channel: Channel, icon: ReactNode, available: boolean, hint: string, extra?: ReactNode) => (
    <li className="switch-row">
      <span className="switch-row__text">
        <span id={`channel-${channel}`} className="switch-row__label">
          {icon} {t(`px.notify.${channel}`)}
        </span>
        <span className="switch-row__hint">{hint}</span>
        {extra}
      </span>
      {available && (
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={preferences[channel]}
          aria-labelledby={`channel-${channel}`}
          disabled={saving !== null}
          onClick={() => toggle(channel)}
          data-testid={`channel-${channel}`}
        >
          <span className="switch__thumb" />
        </button>
      )}
    </li>
  );
  return (
    <section className="card" data-testid="channels">
      <h2 className="card__title">{t('px.notify.channels')}</h2>
      <ul className="switch-list">
        {row(
          'line',
          <ChatIcon size={16} />,
          lineAvailable,
          lineAvailable ? t('px.notify.lineHint') : t('px.notify.lineUnavailable'),
        )}
        {row(
          'email',
          <MailIcon size={16} />,
          emailVerified,
          emailVerified ? t('px.notify.emailHint') : t('px.notify.emailUnverified'),
          emailVerified ? undefined : (
            <Link to="/setting/email" className="link-button" data-testid="verify-email-link">
              {t('px.notify.verifyEmail')}
            </Link>
          ),
        )}
      </ul>
    </section>
  );
}
