import { addDays, PAYMENT_METHODS, type Pass, type PaymentMethod, taipeiDate } from '@shuttle/shared';
import { formatMoney } from '@shuttle/shared/web/format.ts';
import { invalidateQueries, useQuery } from '@shuttle/shared/web/query.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { apiCall } from '@/lib/api-client';
import { updatePassStart, useTeamPasses } from '@/lib/payments';
import { moneyKeys, sellPass } from '../api/money';

/** Sell a season pass (季打) to a member: N sessions, or any number in a date range. */
function SellPassForm() {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const members = useQuery(`${moneyKeys.all}:members`, () => apiCall('members/getMembers', { pageSize: 100 }));
  const today = taipeiDate(new Date());
  const [userId, setUserId] = useState('');
  const [name, setName] = useState(t('money.passDefaultName'));
  const [byCredits, setByCredits] = useState(true);
  const [credits, setCredits] = useState(10);
  const [validFrom, setValidFrom] = useState(today);
  const [validUntil, setValidUntil] = useState(addDays(today, 90));
  const [price, setPrice] = useState(2000);
  const [method, setMethod] = useState<PaymentMethod>('cash');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sold = await run(
      () => sellPass({ userId, name, credits: byCredits ? credits : null, validFrom, validUntil, price, method }),
      { success: { message: t('money.passSold') } },
    );
    if (sold) await invalidateQueries(moneyKeys.all);
  };

  return (
    <form className="form-grid" onSubmit={(e) => void submit(e)} data-testid="sell-pass">
      <Field label={t('money.passMember')}>
        {(control) => (
          <select {...control} className="input" value={userId} required onChange={(e) => setUserId(e.target.value)}>
            <option value="">{t('money.choose')}</option>
            {(members.data?.items ?? []).map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('money.passName')}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={name}
            maxLength={50}
            required
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('money.passKind')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={byCredits ? 'credits' : 'range'}
            onChange={(e) => setByCredits(e.target.value === 'credits')}
          >
            <option value="credits">{t('money.passByCredits')}</option>
            <option value="range">{t('money.passByRange')}</option>
          </select>
        )}
      </Field>
      {byCredits && (
        <Field label={t('money.passCredits')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              min={1}
              max={100}
              value={credits}
              onChange={(e) => setCredits(Number(e.target.value))}
            />
          )}
        </Field>
      )}
      <Field label={t('moneyScreens.passFrom')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="date"
            max={validUntil}
            value={validFrom}
            required
            data-testid="pass-from"
            onChange={(e) => setValidFrom(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('money.passUntil')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="date"
            min={validFrom > today ? validFrom : today}
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('money.passPrice')}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="number"
            min={0}
            max={100000}
            value={price}
            onChange={(e) => setPrice(Number(e.target.value))}
          />
        )}
      </Field>
      <Field label={t('money.methodLabel')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
          >
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`money.method.${m}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button button--outline" disabled={busy || !userId}>
          {t('money.sellPass')}
        </button>
      </div>
    </form>
  );
}

/** Moves a sold pass's start date (`passes/update`): it must stay on or before its last date. */
function PassStartForm({ pass }: { pass: Pass }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [validFrom, setValidFrom] = useState(pass.validFrom);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(() => updatePassStart(pass.passId, validFrom), {
      success: { message: t('moneyScreens.startSaved') },
    });
    if (saved) await invalidateQueries(moneyKeys.all);
  };
  return (
    <form className="pass-start" onSubmit={(e) => void submit(e)} data-testid="pass-start">
      <label className="sr-only" htmlFor={`pass-start-${pass.passId}`}>
        {t('moneyScreens.editStart')}
      </label>
      <input
        id={`pass-start-${pass.passId}`}
        className="input input--small"
        type="date"
        max={pass.validUntil}
        required
        value={validFrom}
        onChange={(e) => setValidFrom(e.target.value)}
      />
      <button
        type="submit"
        className="button button--small button--ghost"
        disabled={busy || !validFrom || validFrom === pass.validFrom || validFrom > pass.validUntil}
      >
        {t('moneyScreens.saveStart')}
      </button>
    </form>
  );
}

export function PassesPanel() {
  const { t } = useTranslation();
  const passes = useTeamPasses();
  return (
    <section className="panel" aria-labelledby="passes-title" data-testid="passes">
      <h2 className="panel__title" id="passes-title">
        {t('money.passes')}
      </h2>
      <SellPassForm />
      <QueryView query={passes}>
        {({ passes: list }) =>
          list.length === 0 ? (
            <p className="panel__empty">{t('money.noPasses')}</p>
          ) : (
            <ul className="checkin-list">
              {list.map((p) => (
                <li key={p.passId} className="checkin-row" data-testid="pass-row">
                  <span aria-hidden="true" />
                  <span className="checkin-row__name">
                    {p.playerName}
                    <span className="table__sub" data-testid="pass-dates">
                      {p.name} · {t('moneyScreens.passDates', { from: p.validFrom, until: p.validUntil })}
                    </span>
                    <PassStartForm pass={p} />
                  </span>
                  <span className="badge badge--muted">
                    {p.remaining === null ? t('money.unlimited') : t('money.creditsLeft', { credits: p.remaining })}
                  </span>
                  <span className="checkin-row__pay">{formatMoney(p.price)}</span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
