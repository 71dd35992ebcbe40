import type { DefaultData } from '@shuttle/shared';
import { TEXT_LIMITS } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { updatePrivateRules } from '../api/update-private-rules';
import { preventDefault, SaveBar, SettingsPage, useSaveSettings } from './default-data-form';

function RulesForm({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const [rules, setRules] = useState(data.private_rules);
  return (
    <form
      className="panel form"
      onSubmit={preventDefault(() => void save(() => updatePrivateRules(rules.trim())))}
      noValidate
    >
      <Field
        label={t('settings.rules')}
        hint={t('settings.rulesHint', { count: rules.length, max: TEXT_LIMITS.privateRules })}
      >
        {(c) => (
          <textarea
            {...c}
            className="input textarea"
            rows={10}
            maxLength={TEXT_LIMITS.privateRules}
            value={rules}
            onChange={(e) => setRules(e.target.value)}
          />
        )}
      </Field>
      <SaveBar busy={busy} disabled={rules === data.private_rules} />
    </form>
  );
}

/** /admin/setting/private_rules: rules shown on every session of the team. */
export function PrivateRulesPage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('settings.items.private_rules.title')}
      description={t('settings.items.private_rules.description')}
      testId="setting-private-rules"
    >
      {(data) => <RulesForm data={data} />}
    </SettingsPage>
  );
}
