import {
  type OtherCost,
  perHeadShare,
  SETTLEMENT_SPLITS,
  type Settlement,
  settlementCostsOf,
  type UpdateSettlementRequest,
} from '@shuttle/shared';
import { errorCode } from '@shuttle/shared/web/api-error.ts';
import { PressButtonGroup } from '@shuttle/shared/web/choices.tsx';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { StatCard } from '@/components/stat-card';
import { useAction } from '@/hooks/use-action';
import { closeSettlement, reopenSettlement, settlementKeys, updateSettlement, useSettlement } from '../api/settlement';

const nt = (amount: number) => `${amount < 0 ? '−' : ''}NT$${Math.abs(amount).toLocaleString('en-US')}`;

type Draft = Required<Omit<UpdateSettlementRequest, 'sessionId' | 'courts'>> & { courts: number };
const draftOf = (s: Settlement): Draft => ({
  courtFeePerHour: s.courtFeePerHour,
  courts: s.courts,
  shuttlesUsed: s.shuttlesUsed,
  pricePerShuttle: s.pricePerShuttle,
  otherCosts: s.otherCosts,
  split: s.split,
});

function NumberField({
  label,
  value,
  max,
  min = 0,
  onChange,
  testId,
  disabled,
}: {
  label: string;
  value: number;
  max: number;
  min?: number;
  onChange: (value: number) => void;
  testId: string;
  disabled: boolean;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          disabled={disabled}
          data-testid={testId}
          onChange={(e) => onChange(Math.max(min, Math.trunc(Number(e.target.value) || 0)))}
        />
      )}
    </Field>
  );
}

function OtherCosts({
  costs,
  onChange,
  disabled,
}: {
  costs: OtherCost[];
  onChange: (costs: OtherCost[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const set = (i: number, change: Partial<OtherCost>) =>
    onChange(costs.map((c, j) => (j === i ? { ...c, ...change } : c)));
  return (
    <fieldset className="settlement__others">
      <legend className="field__label">{t('settlement.fields.other')}</legend>
      {costs.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place
        <div className="form-grid" key={i} data-testid="other-cost">
          <input
            className="input"
            aria-label={t('settlement.fields.otherLabel')}
            placeholder={t('settlement.fields.otherPlaceholder')}
            maxLength={40}
            value={c.label}
            disabled={disabled}
            onChange={(e) => set(i, { label: e.target.value })}
          />
          <div className="settlement__other-amount">
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={0}
              aria-label={t('settlement.fields.otherAmount')}
              value={c.amount}
              disabled={disabled}
              onChange={(e) => set(i, { amount: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
            />
            {!disabled && (
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => onChange(costs.filter((_, j) => j !== i))}
              >
                {t('settlement.fields.remove')}
              </button>
            )}
          </div>
        </div>
      ))}
      {!disabled && costs.length < 10 && (
        <button
          type="button"
          className="button button--small button--outline"
          data-testid="add-other-cost"
          onClick={() => onChange([...costs, { label: '', amount: 0 }])}
        >
          {t('settlement.fields.addOther')}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The figures as typed (docs/ON-COURT.md, "Settlement"): the costs and per-head share from the
 * shared functions the server uses, so the totals follow the form before it is saved. A closed
 * settlement shows what was kept.
 */
function liveFigures(settlement: Settlement, draft: Draft) {
  if (settlement.status === 'closed') return { costs: settlement.costs, shares: settlement.shares };
  const costs = settlementCostsOf({ ...draft, hours: settlement.hours });
  const perHead = perHeadShare(costs.total, settlement.playersPresent);
  // Per head: every present player's share of the typed total; fixed: what each was charged (unchanged by costs).
  const shares =
    draft.split === 'perHead' && settlement.split === 'perHead'
      ? settlement.shares.map((x) => ({ ...x, amount: perHead * x.partySize }))
      : draft.split === settlement.split
        ? settlement.shares
        : null;
  return { costs, shares };
}

/** Closed: who closed it and when, every reopening, and until when the owner may reopen it. */
function ClosedNotes({ settlement, onReopen, busy }: { settlement: Settlement; onReopen: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const canReopen =
    settlement.status === 'closed' &&
    settlement.reopenUntil !== null &&
    Date.now() < Date.parse(settlement.reopenUntil);
  return (
    <>
      {settlement.reopened.length > 0 && (
        <ul className="notice notice--info" data-testid="settlement-reopened">
          {settlement.reopened.map((r) => (
            <li key={r.at}>{t('settlement.reopened', { name: r.by, when: formatDateTime(r.at) })}</li>
          ))}
        </ul>
      )}
      {settlement.status === 'closed' && settlement.closedAt && (
        <div className="notice notice--info" data-testid="settlement-closed">
          <p>
            {settlement.closedBy
              ? t('settlement.closedBy', { name: settlement.closedBy, when: formatDateTime(settlement.closedAt) })
              : t('settlement.closedAt', { when: formatDateTime(settlement.closedAt) })}
          </p>
          {canReopen && settlement.reopenUntil && (
            <p>
              {t('settlement.reopenHint', { until: formatDateTime(settlement.reopenUntil) })}{' '}
              <button
                type="button"
                className="button button--small button--outline"
                disabled={busy}
                data-testid="settlement-reopen"
                onClick={onReopen}
              >
                {t('settlement.reopen')}
              </button>
            </p>
          )}
        </div>
      )}
    </>
  );
}

function SettlementView({ sessionId, settlement }: { sessionId: string; settlement: Settlement }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [draft, setDraft] = useState(() => draftOf(settlement));
  useEffect(() => setDraft(draftOf(settlement)), [settlement]);
  const closed = settlement.status === 'closed';
  const store = (next: Settlement | undefined) => {
    if (next) setQueryData(settlementKeys.settlement(sessionId), next);
    return next;
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const otherCosts = draft.otherCosts.filter((c) => c.label.trim() !== '');
    store(await run(() => updateSettlement({ sessionId, ...draft, otherCosts })));
  };
  // Closing is final: the first tap asks, the second closes; before the session's end the server
  // answers SESSION_NOT_ENDED and the form asks once more (early close, docs/ON-COURT.md).
  const [confirming, setConfirming] = useState<false | 'close' | 'early'>(false);
  const close = async () => {
    if (!confirming) return setConfirming('close');
    const early = confirming === 'early';
    setConfirming(false);
    const closing = async () => {
      try {
        return await closeSettlement(sessionId, early);
      } catch (error) {
        if (!early && errorCode(error) === 'SESSION_NOT_ENDED') return 'early' as const;
        throw error;
      }
    };
    const answer = await run(closing);
    if (answer === 'early') return setConfirming('early');
    if (answer) notify({ level: 'success', message: t('settlement.closedMessage') });
    store(answer);
  };
  const reopen = async () => {
    store(await run(() => reopenSettlement(sessionId), { success: { message: t('settlement.reopenedMessage') } }));
  };
  const { costs, shares } = liveFigures(settlement, draft);
  const balance = settlement.income - costs.total;
  const field = (key: 'courtFeePerHour' | 'courts' | 'shuttlesUsed' | 'pricePerShuttle', max: number, min = 0) => (
    <NumberField
      label={t(`settlement.fields.${key}`)}
      value={draft[key]}
      max={max}
      min={min}
      disabled={closed}
      testId={`settlement-${key}`}
      onChange={(value) => setDraft({ ...draft, [key]: value })}
    />
  );
  return (
    <>
      <ClosedNotes settlement={settlement} busy={busy} onReopen={() => void reopen()} />
      <section className="stat-grid" aria-label={t('settlement.summary')} data-testid="settlement-summary">
        <StatCard label={t('settlement.costs.total')} value={nt(costs.total)} testId="settlement-total" />
        <StatCard label={t('settlement.income')} value={nt(settlement.income)} />
        <StatCard
          label={t('settlement.balance')}
          value={nt(balance)}
          testId="settlement-balance"
          hint={balance < 0 ? t('settlement.deficit') : t('settlement.surplus')}
        />
        <StatCard label={t('settlement.present')} value={settlement.playersPresent} />
      </section>
      <form className="panel form" onSubmit={(e) => void save(e)} noValidate data-testid="settlement-form">
        <h2 className="panel__title">{t('settlement.costsTitle')}</h2>
        <div className="form-grid">
          {field('courtFeePerHour', 10_000)}
          {field('courts', 20, 1)}
          {field('shuttlesUsed', 1_000)}
          {field('pricePerShuttle', 1_000)}
        </div>
        <OtherCosts
          costs={draft.otherCosts}
          disabled={closed}
          onChange={(otherCosts) => setDraft({ ...draft, otherCosts })}
        />
        <dl className="settlement__lines">
          <dt>
            {t('settlement.costs.courts', {
              courts: closed ? settlement.courts : draft.courts,
              hours: settlement.hours,
            })}
          </dt>
          <dd>{nt(costs.courts)}</dd>
          <dt>{t('settlement.costs.shuttles')}</dt>
          <dd>{nt(costs.shuttles)}</dd>
          <dt>{t('settlement.costs.other')}</dt>
          <dd>{nt(costs.other)}</dd>
          <dt>{t('settlement.incomeFees')}</dt>
          <dd>{nt(settlement.incomeParts.fees)}</dd>
          <dt>{t('settlement.incomePasses')}</dt>
          <dd>{nt(settlement.incomeParts.passes)}</dd>
        </dl>
        <PressButtonGroup
          groupClassName="segmented"
          legend={t('settlement.split.label')}
          options={SETTLEMENT_SPLITS}
          className="segmented__item"
          label={(split) => t(`settlement.split.${split}`)}
          pressed={(split) => draft.split === split}
          onPress={(split) => {
            if (!closed) setDraft({ ...draft, split });
          }}
        />
        <p className="field__hint">{t(`settlement.split.${draft.split}Hint`)}</p>
        {!closed && settlement.courtsFrom === 'board' && (
          <p className="field__hint" data-testid="settlement-courts-board">
            {t('settlement.courtsFromBoard')}
          </p>
        )}
        {!closed && confirming && (
          <p className="notice notice--warning" role="alert" data-testid="settlement-confirm">
            {confirming === 'early' ? t('settlement.early') : t('settlement.closeWarning')}
          </p>
        )}
        {!closed && (
          <div className="save-bar">
            <button type="submit" className="button button--outline" disabled={busy} data-testid="settlement-save">
              {t('settlement.save')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              data-testid="settlement-close"
              onClick={() => void close()}
            >
              {confirming === 'early'
                ? t('settlement.closeEarly')
                : confirming
                  ? t('settlement.closeConfirm')
                  : t('settlement.close')}
            </button>
          </div>
        )}
      </form>
      <section className="panel" aria-labelledby="shares-title" data-testid="settlement-shares">
        <h2 className="panel__title" id="shares-title">
          {t('settlement.shares')}
        </h2>
        {!shares ? (
          <p className="panel__empty">{t(`settlement.split.${draft.split}Hint`)}</p>
        ) : shares.length === 0 ? (
          <p className="panel__empty">{t('settlement.noShares')}</p>
        ) : (
          <ul className="checkin-list">
            {shares.map((s) => (
              <li key={s.userId} className="settlement__share" data-testid="share-row">
                <span>
                  {s.name}
                  {s.partySize > 1 && <span className="table__sub">{t('settlement.party', { n: s.partySize })}</span>}
                </span>
                <strong>{nt(s.amount)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /admin/settlement?id=…: the night's costs, income, balance and each player's share (docs/ON-COURT.md). */
export function SettlementPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const settlement = useSettlement(sessionId);
  return (
    <div className="page page--narrow" data-testid="settlement">
      <PageHeader
        title={t('settlement.title')}
        description={t('settlement.description')}
        back={`/signed?id=${sessionId}`}
      />
      <QueryView query={settlement}>{(data) => <SettlementView sessionId={sessionId} settlement={data} />}</QueryView>
    </div>
  );
}
