import type { NoShowRule } from '@shuttle/shared';
import { formatDay } from '@shuttle/shared/web/format.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { QueryView } from '@/components/query-view';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useAction } from '@/hooks/use-action';
import { liftSuspension, moneyKeys, updateNoShowRule, useNoShowRule, useSuspensions } from '../api/money';

function RuleForm({ rule }: { rule: NoShowRule }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [draft, setDraft] = useState(rule);
  useEffect(() => setDraft(rule), [rule]);
  const number = (key: 'noShowLimit' | 'noShowWindowDays' | 'noShowPenaltyDays', min: number, max: number) => (
    <Field label={t(`money.rule.${key}`)}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="number"
          min={min}
          max={max}
          value={draft[key]}
          data-testid={`rule-${key}`}
          onChange={(e) => setDraft({ ...draft, [key]: Number(e.target.value) })}
        />
      )}
    </Field>
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => updateNoShowRule(draft), { success: { message: t('money.rule.saved') } }))
      await invalidateQueries(moneyKeys.all);
  };
  return (
    <form className="form-grid" onSubmit={(e) => void submit(e)} data-testid="no-show-rule">
      {number('noShowLimit', 0, 20)}
      {number('noShowWindowDays', 1, 365)}
      {number('noShowPenaltyDays', 1, 365)}
      <ToggleSwitch
        checked={draft.lateCancelCountsHalf}
        onChange={(next) => setDraft({ ...draft, lateCancelCountsHalf: next })}
        label={t('money.rule.lateCancelCountsHalf')}
        description={t('money.rule.lateCancelHint')}
      />
      <p className="field__hint">{draft.noShowLimit === 0 ? t('money.rule.off') : t('money.rule.summary', draft)}</p>
      <div className="form-actions">
        <button type="submit" className="button button--outline" disabled={busy}>
          {t('money.rule.save')}
        </button>
      </div>
    </form>
  );
}

/** The team's no-show rule and the members it suspended, each with a way to lift it. */
export function NoShowPanel() {
  const { t } = useTranslation();
  const rule = useNoShowRule();
  const suspensions = useSuspensions();
  const { busy, run } = useAction();
  return (
    <section className="panel" aria-labelledby="no-show-title" data-testid="no-show">
      <h2 className="panel__title" id="no-show-title">
        {t('money.rule.title')}
      </h2>
      <QueryView query={rule}>{(data) => <RuleForm rule={data} />}</QueryView>
      <h3 className="panel__subtitle">{t('money.suspended')}</h3>
      <QueryView query={suspensions}>
        {({ suspensions: list }) =>
          list.length === 0 ? (
            <p className="panel__empty">{t('money.noSuspensions')}</p>
          ) : (
            <ul className="checkin-list">
              {list.map((s) => (
                <li key={s.userId} className="checkin-row" data-testid="suspension-row">
                  <span aria-hidden="true" />
                  <span className="checkin-row__name">
                    {s.name}
                    <span className="table__sub">
                      {t('money.suspendedUntil', { date: formatDay(s.suspendedUntil), noShows: s.noShows })}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={busy}
                    data-testid="lift-suspension"
                    onClick={async () => {
                      if (await run(() => liftSuspension(s.userId))) await invalidateQueries(moneyKeys.all);
                    }}
                  >
                    {t('money.lift')}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
