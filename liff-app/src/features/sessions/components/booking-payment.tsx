import type { SessionDetail } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { formatDateTime, formatMoney } from '@shuttle/shared/web/format.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionKeys } from '../api/keys';
import { reportTransfer } from '../api/payments';
import { PayTo } from './pay-to';

/** The last 5 digits of the paying account, as `checkState/payments/reportTransfer` takes them (docs/MONEY.md). */
const REFERENCE = /^\d{5}$/;

/**
 * What the player's booking owes and how it was paid; while unpaid, a way to tell the team
 * "I transferred, last 5 digits 12345" for the admin to confirm (docs/MONEY.md).
 */
export function BookingPayment({ session }: { session: SessionDetail }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A reported transfer stays editable until the team confirms it.
  const [editing, setEditing] = useState(false);
  const payment = session.myBooking?.payment;
  if (!payment) return null;
  const details = session.paymentDetails;
  const owes = payment.status === 'unpaid' && payment.amount > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = reference.trim();
    if (!REFERENCE.test(value)) {
      setError(t('money.referenceInvalid'));
      return;
    }
    setError(null);
    try {
      await withLightLoading(() => reportTransfer(session.id, value));
      await invalidateQueries(sessionKeys.all);
      setEditing(false);
      setReference('');
      notify({ level: 'success', message: t('money.reported') });
    } catch (failure) {
      notify({ level: 'error', title: t('money.reportTransfer'), message: errorMessage(failure) });
    }
  };

  // A valid season pass covers it (docs/MONEY.md, "Season passes"): no 未付款, no transfer form.
  if (payment.status === 'unpaid' && payment.coveredBy) {
    return (
      <div className="booking-payment" data-testid="booking-payment" data-payment="pass">
        <p className="booking-payment__status">
          <span className="badge badge--payment-paid">{t('passCover.badge')}</span>
        </p>
        <p className="my-booking__text" data-testid="covered-by-pass">
          {t('passCover.text', { name: payment.coveredBy.name })}
        </p>
      </div>
    );
  }

  return (
    <div className="booking-payment" data-testid="booking-payment" data-payment={payment.status}>
      <p className="booking-payment__status">
        <span className={`badge badge--payment-${payment.status}`}>{t(`money.status.${payment.status}`)}</span>{' '}
        {formatMoney(payment.amount)}
        {payment.method && ` · ${t(`money.method.${payment.method}`)}`}
        {payment.passId && ` · ${t('money.byPass')}`}
      </p>
      {payment.paidAt && (
        <p className="my-booking__text">{t('money.paidAt', { at: formatDateTime(payment.paidAt) })}</p>
      )}
      {payment.refundDue !== undefined && (
        <p className="my-booking__text" data-testid="refund-due">
          {t('money.refundDue', { amount: formatMoney(payment.refundDue) })}
        </p>
      )}
      {payment.refund && (
        <p className="my-booking__text" data-testid="refund-settled">
          {t(payment.refund.as === 'credit' ? 'money.credited' : 'money.refunded', {
            amount: formatMoney(payment.refund.amount),
          })}
        </p>
      )}
      {owes && payment.creditAvailable !== undefined && (
        <p className="my-booking__text" data-testid="credit-available">
          {t('money.creditAvailable', { amount: formatMoney(payment.creditAvailable) })}
        </p>
      )}
      {owes && <PayTo details={details} />}
      {/* Transfers only to a team that gave an account; else pay at the venue (docs/ON-COURT.md). */}
      {owes && !details?.bankAccount && (
        <p className="my-booking__text" data-testid="pay-at-venue">
          {t('money.payAtVenue')}
        </p>
      )}
      {owes && payment.reported && !editing && (
        <p className="my-booking__text" data-testid="transfer-reported">
          {t('money.reportedWaiting', { reference: payment.reported.reference })}{' '}
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="edit-transfer-report"
            onClick={() => {
              setReference(payment.reported?.reference ?? '');
              setEditing(true);
            }}
          >
            {t('money.editReport')}
          </button>
        </p>
      )}
      {owes && details?.bankAccount && (!payment.reported || editing) && (
        <form className="booking-payment__form" onSubmit={(e) => void submit(e)} noValidate>
          <label className="field-label" htmlFor={inputId}>
            {t('money.reportTransfer')}
          </label>
          <div className="booking-payment__row">
            <input
              id={inputId}
              className={`input${error ? ' is-invalid' : ''}`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              pattern="[0-9]{5}"
              placeholder={t('money.referencePlaceholder')}
              value={reference}
              aria-invalid={Boolean(error)}
              onChange={(e) => setReference(e.target.value)}
              data-testid="transfer-reference"
            />
            <button type="submit" className="button button--outline button--small" data-testid="report-transfer">
              {t('money.send')}
            </button>
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
