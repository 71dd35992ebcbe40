import type { RefundItem } from '@shuttle/shared';
import { formatDay, formatMoney } from '@shuttle/shared/web/format.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { useTranslation } from 'react-i18next';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { moneyKeys, settleRefund, useOutstanding } from '../api/money';

function RefundRow({ item }: { item: RefundItem }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const settle = async (as: 'refunded' | 'credit') => {
    const done = await run(() => settleRefund(item.sessionId, item.userId, as), {
      success: { message: t('moneyScreens.refunds.done', { name: item.name }) },
    });
    if (done) await invalidateQueries(moneyKeys.all);
  };
  return (
    <li className="checkin-row" data-testid="refund-row" data-user-id={item.userId} data-session-id={item.sessionId}>
      <span aria-hidden="true" />
      <span className="checkin-row__name">
        {item.name}
        <span className="table__sub">
          {item.title} · {formatDay(item.startsAt)}
        </span>
      </span>
      <span className="badge badge--unmarked">
        {t('moneyScreens.refunds.row', { amount: formatMoney(item.refundDue) })}
      </span>
      <span className="checkin-row__pay">
        <button
          type="button"
          className="button button--small button--outline"
          disabled={busy}
          data-testid="refund-refunded"
          onClick={() => void settle('refunded')}
        >
          {t('moneyScreens.refunds.refunded')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={busy}
          data-testid="refund-credit"
          onClick={() => void settle('credit')}
        >
          {t('moneyScreens.refunds.credit')}
        </button>
      </span>
    </li>
  );
}

/**
 * 待退款 (docs/MONEY.md, "Refunds and credit"): players who paid more than their per-head share,
 * from the same `payments/getOutstanding` answer as 未付款; one tap gives it back or keeps it as
 * the player's credit (`payments/settleRefund`).
 */
export function RefundsPanel() {
  const { t } = useTranslation();
  const outstanding = useOutstanding();
  return (
    <section className="panel" aria-labelledby="refunds-title" data-testid="refunds">
      <h2 className="panel__title" id="refunds-title">
        {t('moneyScreens.refunds.title')}
      </h2>
      <p className="panel__hint">{t('moneyScreens.refunds.hint')}</p>
      <QueryView query={outstanding}>
        {({ refunds }) =>
          refunds.length === 0 ? (
            <p className="panel__empty">{t('moneyScreens.refunds.empty')}</p>
          ) : (
            <ul className="checkin-list">
              {refunds.map((item) => (
                <RefundRow key={`${item.sessionId}:${item.userId}`} item={item} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
