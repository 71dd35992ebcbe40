import { formatMoney, formatMonth, formatNumber } from '@shuttle/shared/web/format.ts';
import { useTranslation } from 'react-i18next';
import { QueryView } from '@/components/query-view';
import { StatCard } from '@/components/stat-card';
import { useSettlementMonth } from '../api/settlement-month';

/** Money with a real minus sign for a deficit, as on the settlement screen. */
const nt = (amount: number) => `${amount < 0 ? '−' : ''}${formatMoney(Math.abs(amount))}`;

/**
 * 本月結算: the selected month's closed settlements, their costs, income and balance
 * (`settlement/month`, docs/ON-COURT.md, "Settlement").
 */
export function SettlementMonthCard({ month }: { month: string }) {
  const { t } = useTranslation();
  const figures = useSettlementMonth(month);
  return (
    <section className="panel" aria-labelledby="settlement-month-title" data-testid="settlement-month">
      <h2 className="panel__title" id="settlement-month-title">
        {t('reports.settlementMonth.title')}
      </h2>
      <p className="panel__hint">{t('reports.settlementMonth.hint', { month: formatMonth(month) })}</p>
      <QueryView query={figures}>
        {({ sessions, total }) => (
          <div className="stat-grid">
            {(
              [
                ['closed', formatNumber(sessions.length)],
                ['costs', nt(total.costs)],
                ['income', nt(total.income)],
                ['balance', nt(total.balance)],
              ] as const
            ).map(([figure, value]) => (
              <StatCard
                key={figure}
                label={t(`reports.settlementMonth.${figure}`)}
                value={value}
                testId={`settlement-month-${figure}`}
              />
            ))}
          </div>
        )}
      </QueryView>
    </section>
  );
}
