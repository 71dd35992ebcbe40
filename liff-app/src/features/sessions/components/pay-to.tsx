import type { SessionDetail } from '@shuttle/shared';
import { formatMoney } from '@shuttle/shared/web/format.ts';
import { useTranslation } from 'react-i18next';

type Details = NonNullable<SessionDetail['paymentDetails']>;

/**
 * Where and how much a player who owes pays (docs/ON-COURT.md, "Where to pay"): the team's bank
 * account and payment links; the server sends them only while the booking owes.
 */
export function PayTo({ details }: { details: Details | undefined }) {
  const { t } = useTranslation();
  if (!details) return null;
  return (
    <section className="pay-to" aria-label={t('payTo.title')} data-testid="pay-to">
      <p className="pay-to__amount">{t('payTo.amount', { amount: formatMoney(details.amount) })}</p>
      {details.bankAccount && (
        <p className="pay-to__bank">
          <span className="field-label">{t('payTo.bank')}</span>{' '}
          <span className="pay-to__account" data-testid="pay-to-account">
            ({details.bankCode}) {details.bankAccount}
          </span>
        </p>
      )}
      {(details.linePayUrl || details.jkoPayUrl) && (
        <p className="pay-to__links">
          {details.linePayUrl && (
            <a
              className="button button--outline button--small"
              href={details.linePayUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('payTo.linePay')}
            </a>
          )}
          {details.jkoPayUrl && (
            <a
              className="button button--outline button--small"
              href={details.jkoPayUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('payTo.jkoPay')}
            </a>
          )}
        </p>
      )}
    </section>
  );
}
