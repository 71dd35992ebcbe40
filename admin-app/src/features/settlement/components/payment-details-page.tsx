import { bankName, bankOf, type PaymentDetails, type PaymentDetailsSettings, searchBanks } from '@shuttle/shared';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { savePaymentDetails, settlementKeys, usePaymentDetails } from '../api/settlement';

const FIELDS = [
  'bankCode',
  'accountName',
  'bankAccount',
  'linePayUrl',
  'jkoPayUrl',
] as const satisfies (keyof PaymentDetails)[];

const detailsOf = (settings: PaymentDetails): PaymentDetails => ({
  bankCode: settings.bankCode,
  accountName: settings.accountName ?? '',
  bankAccount: settings.bankAccount,
  linePayUrl: settings.linePayUrl,
  jkoPayUrl: settings.jkoPayUrl,
});

/** "812 台新銀行" for a listed code, else the code as typed. */
const bankLabel = (code: string, language: string) => {
  const bank = bankOf(code);
  return bank ? `${bank.code} ${bankName(bank, language)}` : code;
};

/**
 * The bank, picked by code or name (docs/ON-COURT.md, "Where to pay"): the field lists the banks
 * whose code or name holds what is typed (shared/src/domain/banks.ts); picking one, or typing a listed
 * code, sets the code. A code not listed is kept as typed, with a note.
 */
function BankPicker({ code, onCode }: { code: string; onCode: (code: string) => void }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(() => bankLabel(code, i18n.language));
  const matches = searchBanks(text).slice(0, 40);
  const change = (value: string) => {
    setText(value);
    const typed = /^\s*(\d{3})\b/.exec(value)?.[1];
    const found = searchBanks(value);
    const named = found.length === 1 && !typed ? found[0]!.code : undefined;
    onCode(typed ?? named ?? (value.trim() === '' ? '' : code));
  };
  return (
    <Field label={t('settlement.pay.bank')} hint={t('settlement.pay.bankSearch')}>
      {(c) => (
        <>
          <input
            {...c}
            className="input"
            list="bank-list"
            maxLength={40}
            autoComplete="off"
            value={text}
            data-testid="pay-bank"
            onChange={(e) => change(e.target.value)}
          />
          <datalist id="bank-list">
            {matches.map((b) => (
              <option key={b.code} value={`${b.code} ${bankName(b, i18n.language)}`} />
            ))}
          </datalist>
          {code !== '' && !bankOf(code) && (
            <span className="field__hint" data-testid="pay-bank-unlisted">
              {t('settlement.pay.bankNotListed', { code })}
            </span>
          )}
        </>
      )}
    </Field>
  );
}

function DetailsForm({ details }: { details: PaymentDetails }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [draft, setDraft] = useState(() => detailsOf(details));
  const text = (
    key: keyof PaymentDetails,
    props: { inputMode?: 'numeric' | 'url'; maxLength: number; placeholder?: string },
  ) => (
    <Field label={t(`settlement.pay.${key}`)}>
      {(c) => (
        <input
          {...c}
          {...props}
          className="input"
          type={props.inputMode === 'url' ? 'url' : 'text'}
          value={draft[key]}
          data-testid={`pay-${key}`}
          onChange={(e) => {
            // A name keeps its inner spaces; codes, numbers and links have none.
            const value = key === 'accountName' ? e.target.value.trimStart() : e.target.value.trim();
            setDraft((d) => ({ ...d, [key]: value }));
          }}
        />
      )}
    </Field>
  );
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(() => savePaymentDetails(draft), {
      success: { title: t('common.savedTitle'), message: t('common.savedMessage') },
    });
    if (saved) {
      setQueryData(settlementKeys.paymentDetails, saved);
      setDraft(detailsOf(saved));
    }
  };
  return (
    <form className="panel form" onSubmit={(e) => void save(e)} noValidate data-testid="payment-details-form">
      <BankPicker code={draft.bankCode} onCode={(bankCode) => setDraft((d) => ({ ...d, bankCode }))} />
      <div className="form-grid form-grid--invite">
        {text('accountName', { maxLength: 50 })}
        {text('bankAccount', { inputMode: 'numeric', maxLength: 40 })}
      </div>
      {text('linePayUrl', { inputMode: 'url', maxLength: 300, placeholder: 'https://' })}
      {text('jkoPayUrl', { inputMode: 'url', maxLength: 300, placeholder: 'https://' })}
      <p className="field__hint">{t('settlement.pay.hint')}</p>
      <div className="save-bar">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="pay-save">
          {t('settlement.save')}
        </button>
      </div>
    </form>
  );
}

/** What a co-admin (or an owner yet to verify their email) sees: the details, and who may change them. */
function DetailsReadOnly({ settings }: { settings: PaymentDetailsSettings }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="panel" data-testid="payment-details-readonly">
      <p className="notice notice--info" data-testid="payment-details-who">
        {t(settings.editable === 'verifyEmail' ? 'settlement.pay.verifyEmail' : 'settlement.pay.ownerOnly')}
      </p>
      <dl className="pay-details">
        {FIELDS.map((key) => (
          <Fragment key={key}>
            <dt>{t(`settlement.pay.${key}`)}</dt>
            <dd>{(key === 'bankCode' ? bankLabel(settings[key], i18n.language) : settings[key]) || '—'}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/**
 * /admin/setting/payment: where players pay (bank transfer, LINE Pay, JKO Pay links). Only the
 * team's owner with a verified email changes them (docs/MONEY.md); others see them read only.
 */
export function PaymentDetailsPage() {
  const { t } = useTranslation();
  const details = usePaymentDetails();
  return (
    <div className="page page--narrow" data-testid="setting-payment">
      <PageHeader
        title={t('settings.items.payment.title')}
        description={t('settlement.pay.description')}
        back="/setting"
      />
      <QueryView query={details}>
        {(data) => (data.editable === 'yes' ? <DetailsForm details={data} /> : <DetailsReadOnly settings={data} />)}
      </QueryView>
    </div>
  );
}
