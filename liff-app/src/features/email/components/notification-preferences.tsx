import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { BellIcon } from '@shuttle/shared/web/icons.tsx';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailKeys } from '../api/keys';
import { updatePreferences } from '../api/update-preferences';

/** The four kinds of notice (news, waitlist, booking reminders, session changes), each a switch. */
export function NotificationPreferencesCard({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState<NotificationKind | null>(null);
  const toggle = async (kind: NotificationKind) => {
    setSaving(kind);
    try {
      const status = await updatePreferences({ [kind]: !preferences[kind] });
      setQueryData(emailKeys.status, status);
    } catch (error) {
      notify({ level: 'error', title: t('email.preferences.failedTitle'), message: errorMessage(error) });
    } finally {
      setSaving(null);
    }
  };
  return (
    <section className="card" data-testid="preferences">
      <h2 className="card__title">
        <BellIcon size={18} />
        {t('email.preferences.title')}
      </h2>
      <ul className="switch-list">
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind} className="switch-row">
            <span className="switch-row__text">
              <span id={`pref-${kind}`} className="switch-row__label">
                {t(`email.preferences.kinds.${kind}.label`)}
              </span>
              <span className="switch-row__hint">{t(`email.preferences.kinds.${kind}.hint`)}</span>
            </span>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={preferences[kind]}
              aria-labelledby={`pref-${kind}`}
              disabled={saving !== null}
              onClick={() => toggle(kind)}
              data-testid={`pref-${kind}`}
            >
              <span className="switch__thumb" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
