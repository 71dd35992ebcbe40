import { formatMoney, formatMonth } from '@shuttle/shared/web/format.ts';
import { useTranslation } from 'react-i18next';
import { QueryView } from '@/components/query-view';
import { StatCard } from '@/components/stat-card';
import { usePaymentFigures } from '../api/payment-figures';

/**
 * What a month brought in from payments, what its ended sessions still owe (the 收費 list's
 * definition of unpaid, docs/MONEY.md), waived, and season passes sold.
 */
export function PaymentFigures({ month }: { month: string }) {
  const { t } = useTranslation();
  const figures = usePaymentFigures(month);
  return (
    <section className="panel" aria-labelledby="payment-figures-title" data-testid="payment-figures">
      <h2 className="panel__title" id="payment-figures-title">
        {t('money.figures', { month: formatMonth(month) })}
      </h2>
      <p className="panel__hint" data-testid="payment-figures-counts">
        {t('moneyScreens.revenueCounts')}
      </p>
      <QueryView query={figures}>
        {(f) => (
          <div className="stat-grid">
            <StatCard label={t('money.paid')} value={formatMoney(f.paid)} />
            <StatCard label={t('money.outstanding')} value={formatMoney(f.outstanding)} />
            <StatCard label={t('money.waived')} value={formatMoney(f.waived)} />
            <StatCard label={t('money.passSales')} value={formatMoney(f.passSales)} />
          </div>
        )}
      </QueryView>
    </section>
  );
}
