import { type DefaultData, LINE_BUDGET_MAX } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { updateGroupAnnouncements } from '../api/update-group-announcements';
import { preventDefault, SaveBar, useSaveSettings } from './default-data-form';

/**
 * This Taipei month's billable LINE messages (a group push counts its members) and the team's
 * monthly budget; at the budget the free paths are preferred (docs/DECISIONS.md: LINE message
 * budget). Beside them the free LINE MINI App service messages (docs/LINE.md, "Service messages").
 */
export function LineBudgetPanel({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const { used, budget, service } = data.line_usage;
  const [value, setValue] = useState(String(budget));
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const next = /^\d+$/.test(value.trim()) ? Number(value) : -1;
    const valid = next >= 0 && next <= LINE_BUDGET_MAX;
    setError(valid ? undefined : t('create.errors.range', { min: 0, max: LINE_BUDGET_MAX }));
    if (valid) void save(() => updateGroupAnnouncements({ line_monthly_budget: next }));
  };
  return (
    <form className="panel form" onSubmit={preventDefault(submit)} noValidate data-testid="line-budget">
      <h2 className="panel__title">{t('settings.lineBudget.title')}</h2>
      <p className="panel__text" data-testid="line-usage">
        {budget > 0
          ? t('settings.lineBudget.usage', { used, budget })
          : t('settings.lineBudget.usageUnlimited', { used })}
      </p>
      <p className="panel__text" data-testid="line-service-messages">
        {t('settings.lineBudget.service', { messages: service })}
      </p>
      <Field label={t('settings.lineBudget.budget')} hint={t('settings.lineBudget.budgetHint')} error={error}>
        {(c) => (
          <input
            {...c}
            className="input input--narrow"
            type="number"
            inputMode="numeric"
            min={0}
            max={LINE_BUDGET_MAX}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-testid="line-budget-input"
          />
        )}
      </Field>
      <SaveBar busy={busy} />
    </form>
  );
}
