import type { PaymentDetails, PaymentDetailsSettings } from '@shuttle/shared';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { savePaymentDetails, settlementKeys, usePaymentDetails } from '../api/settlement';

const FIELDS = ['bankCode', 'bankAccount', 'linePayUrl', 'jkoPayUrl'] as const satisfies (keyof PaymentDetails)[];

const detailsOf = (settings: PaymentDetails): PaymentDetails => ({
  bankCode: settings.bankCode,
  bankAccount: settings.bankAccount,
  linePayUrl: settings.linePayUrl,
  jkoPayUrl: settings.jkoPayUrl,
});

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
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value.trim() })}
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
      <div className="form-grid form-grid--invite">
        {text('bankAccount', { inputMode: 'numeric', maxLength: 40 })}
        {text('bankCode', { inputMode: 'numeric', maxLength: 3, placeholder: '812' })}
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
  const { t } = useTranslation();
  return (
    <section className="panel" data-testid="payment-details-readonly">
      <p className="notice notice--info" data-testid="payment-details-who">
        {t(settings.editable === 'verifyEmail' ? 'settlement.pay.verifyEmail' : 'settlement.pay.ownerOnly')}
      </p>
      <dl className="pay-details">
        {FIELDS.map((key) => (
          <Fragment key={key}>
            <dt>{t(`settlement.pay.${key}`)}</dt>
            <dd>{settings[key] || '—'}</dd>
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
