import type { DefaultData } from '@shuttle/shared';
import { JOIN_RULES, TEXT_LIMITS } from '@shuttle/shared';
import { PressButtonGroup } from '@shuttle/shared/web/choices.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { updateDefault } from '../api/update-default';
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

/** Whether players join at once or on approval (docs/DECISIONS.md: join rules); saved on press. */
function JoinRuleField({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  return (
    <section className="panel form" data-testid="join-rule">
      <h2 className="panel__title">{t('settings.joinRule')}</h2>
      <PressButtonGroup
        groupClassName="segmented"
        legend={t('settings.joinRule')}
        options={JOIN_RULES}
        className="segmented__item"
        label={(rule) => t(`settings.joinRules.${rule}`)}
        pressed={(rule) => data.join_rule === rule}
        onPress={(rule) => {
          if (!busy && rule !== data.join_rule) void save(() => updateDefault({ join_rule: rule }));
        }}
      />
      <p className="panel__text">{t('settings.joinRuleHint')}</p>
    </section>
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
      {(data) => (
        <>
          <JoinRuleField data={data} />
          <RulesForm data={data} />
        </>
      )}
    </SettingsPage>
  );
}
