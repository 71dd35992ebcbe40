import type { DefaultData } from '@shuttle/shared';
import { TEXT_LIMITS } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { updateDefault } from '../api/update-default';
import { preventDefault, SaveBar, SettingsPage, useSaveSettings } from './default-data-form';

function TeamNameForm({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const [name, setName] = useState(data.team_name);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const value = name.trim();
    if (!value) return setError(t('teams.errors.nameRequired'));
    if (value.length > TEXT_LIMITS.teamName)
      return setError(t('teams.errors.nameTooLong', { max: TEXT_LIMITS.teamName }));
    setError(null);
    void save(() => updateDefault({ team_name: value }));
  };
  return (
    <form className="panel form" onSubmit={preventDefault(submit)} noValidate>
      <Field label={t('teams.name')} hint={t('settings.teamNameHint')} error={error}>
        {(c) => (
          <input
            {...c}
            className="input"
            maxLength={TEXT_LIMITS.teamName}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <SaveBar busy={busy} disabled={name.trim() === data.team_name} />
    </form>
  );
}

/** /admin/setting/team_name */
export function TeamNamePage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('settings.items.team_name.title')}
      description={t('settings.items.team_name.description')}
      testId="setting-team-name"
    >
      {(data) => <TeamNameForm data={data} />}
    </SettingsPage>
  );
}
