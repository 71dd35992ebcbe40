import { bankName, bankOf, type SessionDetail } from '@shuttle/shared';
import { formatMoney } from '@shuttle/shared/web/format.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';

type Details = NonNullable<SessionDetail['paymentDetails']>;

/** A copy button: copies `text` and says so. */
function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    await copyText(text);
    notify({ level: 'success', message: t('payTo.copied') });
  };
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      aria-label={label}
      data-testid={testId}
      onClick={() => void copy()}
    >
      {label}
    </button>
  );
}

/**
 * Where and how much a player who owes pays (docs/ON-COURT.md, "Where to pay"): the team's bank
 * (code and name), account holder name (戶名) and account with copy buttons, and payment links;
 * the server sends them only while the booking owes.
 */
export function PayTo({ details }: { details: Details | undefined }) {
  const { t, i18n } = useTranslation();
  if (!details) return null;
  const bank = bankOf(details.bankCode);
  return (
    <section className="pay-to" aria-label={t('payTo.title')} data-testid="pay-to">
      <p className="pay-to__amount">{t('payTo.amount', { amount: formatMoney(details.amount) })}</p>
      {details.bankAccount && (
        <p className="pay-to__bank">
          <span className="field-label">{t('payTo.bank')}</span>{' '}
          <span className="pay-to__account" data-testid="pay-to-account">
            ({details.bankCode}) {details.bankAccount}
          </span>
          {bank && (
            <span className="pay-to__bank-name" data-testid="pay-to-bank-name">
              {' '}
              {bankName(bank, i18n.language)}
            </span>
          )}
        </p>
      )}
      {details.bankAccount && details.accountName && (
        <p className="pay-to__holder" data-testid="pay-to-holder">
          <span className="field-label">{t('payTo.accountName')}</span> {details.accountName}
        </p>
      )}
      {details.bankAccount && (
        <p className="pay-to__copy">
          <CopyButton text={details.bankCode} label={t('payTo.copyCode')} testId="copy-bank-code" />
          <CopyButton text={details.bankAccount} label={t('payTo.copyAccount')} testId="copy-bank-account" />
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
