import { taipeiMonth } from '@shuttle/shared';
import { formatDay, formatMoney, formatMonth, formatMonthLabel, formatNumber } from '@shuttle/shared/web/format.ts';
import { TableHead } from '@shuttle/shared/web/table-head.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { StatCard } from '@/components/stat-card';
import { TableWrap } from '@/components/table-wrap';
import { useRevenueByMonth } from '../api/revenue-by-month';
import { useRevenueBySession } from '../api/revenue-by-session';
import { PaymentFigures } from './payment-figures';
import { SettlementMonthCard } from './settlement-month';

/**
 * Columns a phone leaves out (docs/MONEY.md, "Screens"): 營收 and 實收 come right after the name,
 * so a 390 px screen reads them without scrolling sideways; the counts a wider screen adds.
 */
const OPTIONAL = 'table__col--optional';

/** The month `delta` months from YYYY-MM. */
function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function MonthlyReport({
  from,
  to,
  selected,
  onSelect,
}: {
  from: string;
  to: string;
  selected: string;
  onSelect: (m: string) => void;
}) {
  const { t } = useTranslation();
  const report = useRevenueByMonth(from, to);
  return (
    <QueryView query={report}>
      {({ months, total }) => {
        const peak = Math.max(1, ...months.map((m) => m.revenue));
        return (
          <>
            <section className="stat-grid" aria-label={t('reports.totals')} data-testid="report-totals">
              <StatCard label={t('reports.revenue')} value={formatMoney(total.revenue)} />
              <StatCard label={t('reports.sessions')} value={formatNumber(total.sessions)} />
              <StatCard label={t('reports.attended')} value={formatNumber(total.attended)} />
              <StatCard label={t('reports.absent')} value={formatNumber(total.absent)} />
            </section>
            <section className="panel" aria-labelledby="monthly-title">
              <h2 className="panel__title" id="monthly-title">
                {t('reports.byMonth')}
              </h2>
              <div className="bar-chart" aria-hidden="true">
                {months.map((m) => (
                  <button
                    type="button"
                    tabIndex={-1}
                    key={m.month}
                    className={`bar-chart__bar${m.month === selected ? ' is-selected' : ''}`}
                    onClick={() => onSelect(m.month)}
                  >
                    <span className="bar-chart__fill" style={{ height: `${(m.revenue / peak) * 100}%` }} />
                    <span className="bar-chart__label">{formatMonthLabel(m.month)}</span>
                  </button>
                ))}
              </div>
              <TableWrap label={t('reports.byMonth')}>
                <table className="table table--prioritised" data-testid="report-months">
                  <TableHead
                    caption={t('reports.byMonth')}
                    columns={[
                      { label: t('reports.month') },
                      { label: t('reports.revenue'), className: 'table__num' },
                      { label: t('reports.sessions'), className: 'table__num' },
                      { label: t('reports.attended'), className: 'table__num' },
                      { label: t('reports.accepted'), className: `table__num ${OPTIONAL}` },
                      { label: t('reports.absent'), className: `table__num ${OPTIONAL}` },
                    ]}
                  />
                  <tbody>
                    {months.map((m) => (
                      <tr key={m.month} className={m.month === selected ? 'is-selected' : undefined}>
                        <th scope="row">
                          <button
                            type="button"
                            className="link-button"
                            onClick={() => onSelect(m.month)}
                            aria-pressed={m.month === selected}
                          >
                            {formatMonth(m.month)}
                          </button>
                        </th>
                        <td className="table__num">{formatMoney(m.revenue)}</td>
                        <td className="table__num">{formatNumber(m.sessions)}</td>
                        <td className="table__num">{formatNumber(m.attended)}</td>
                        <td className={`table__num ${OPTIONAL}`}>{formatNumber(m.accepted)}</td>
                        <td className={`table__num ${OPTIONAL}`}>{formatNumber(m.absent)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            </section>
          </>
        );
      }}
    </QueryView>
  );
}

function SessionReport({ month }: { month: string }) {
  const { t } = useTranslation();
  const report = useRevenueBySession(month);
  return (
    <section className="panel" aria-labelledby="per-session-title" data-testid="report-sessions">
      <h2 className="panel__title" id="per-session-title">
        {t('reports.bySession', { month: formatMonth(month) })}
      </h2>
      <QueryView query={report}>
        {({ sessions, total }) =>
          sessions.length === 0 ? (
            <p className="panel__empty">{t('reports.noSessions')}</p>
          ) : (
            <TableWrap label={t('reports.bySession', { month: formatMonth(month) })}>
              <table className="table table--prioritised">
                <TableHead
                  caption={t('reports.bySession', { month: formatMonth(month) })}
                  columns={[
                    { label: t('reports.session') },
                    { label: t('reports.revenue'), className: 'table__num' },
                    { label: t('reports.income'), className: 'table__num' },
                    { label: t('reports.attended'), className: 'table__num' },
                    { label: t('reports.price'), className: `table__num ${OPTIONAL}` },
                    { label: t('reports.accepted'), className: `table__num ${OPTIONAL}` },
                    { label: t('reports.absent'), className: `table__num ${OPTIONAL}` },
                    { label: <span className="sr-only">{t('reports.bookings')}</span> },
                  ]}
                />
                <tbody>
                  {sessions.map((s) => (
                    <tr key={s.sessionId}>
                      <th scope="row">
                        <Link to={`/detail?id=${s.sessionId}`}>{s.title}</Link>
                        <span className="table__sub">{formatDay(s.startsAt)}</span>
                      </th>
                      <td className="table__num">{formatMoney(s.revenue)}</td>
                      <td className="table__num" data-testid="report-session-income">
                        {formatMoney(s.income)}
                      </td>
                      <td className="table__num">{formatNumber(s.attended)}</td>
                      <td className={`table__num ${OPTIONAL}`}>{formatMoney(s.price)}</td>
                      <td className={`table__num ${OPTIONAL}`}>{formatNumber(s.accepted)}</td>
                      <td className={`table__num ${OPTIONAL}`}>{formatNumber(s.absent)}</td>
                      <td>
                        <Link to={`/books?id=${s.sessionId}`} className="link-button">
                          {t('reports.bookings')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('reports.total')}</th>
                    <td className="table__num">{formatMoney(total.revenue)}</td>
                    <td className="table__num">{formatMoney(total.income)}</td>
                    <td className="table__num">{formatNumber(total.attended)}</td>
                    <td className={OPTIONAL} />
                    <td className={`table__num ${OPTIONAL}`}>{formatNumber(total.accepted)}</td>
                    <td className={`table__num ${OPTIONAL}`}>{formatNumber(total.absent)}</td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </TableWrap>
          )
        }
      </QueryView>
    </section>
  );
}

/** /admin/books without a session: revenue and attendance per month and per session of a month. */
export function ReportsPage() {
  const { t } = useTranslation();
  const thisMonth = taipeiMonth(new Date());
  const [to, setTo] = useState(thisMonth);
  const [from, setFrom] = useState(shiftMonth(thisMonth, -5));
  const [selected, setSelected] = useState(thisMonth);
  const tooLong = shiftMonth(from, 11) < to || from > to;

  return (
    <div className="page" data-testid="reports">
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      <div className="toolbar toolbar--start">
        <label className="field field--inline">
          <span className="field__label">{t('reports.from')}</span>
          <input
            className="input"
            type="month"
            value={from}
            max={to}
            onChange={(e) => e.target.value && setFrom(e.target.value)}
          />
        </label>
        <label className="field field--inline">
          <span className="field__label">{t('reports.to')}</span>
          <input
            className="input"
            type="month"
            value={to}
            min={from}
            max={thisMonth}
            onChange={(e) => e.target.value && setTo(e.target.value)}
          />
        </label>
      </div>
      {tooLong ? (
        <p className="notice notice--warning" role="alert">
          {t('reports.rangeLimit')}
        </p>
      ) : (
        <MonthlyReport from={from} to={to} selected={selected} onSelect={setSelected} />
      )}
      <PaymentFigures month={selected} />
      <SettlementMonthCard month={selected} />
      <SessionReport month={selected} />
    </div>
  );
}
