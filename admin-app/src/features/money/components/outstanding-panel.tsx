import type { OutstandingItem } from '@shuttle/shared';
import { formatDay, formatMoney } from '@shuttle/shared/web/format.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { useTranslation } from 'react-i18next';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { markPaid, settleWithPass, waive } from '@/lib/payments';
import { moneyKeys, useOutstanding } from '../api/money';

function OutstandingRow({ item }: { item: OutstandingItem }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const act = async (task: () => Promise<unknown>) => {
    if (await run(task)) await invalidateQueries(moneyKeys.all);
  };
  const reported = item.payment.reported;
  return (
    <li
      className="checkin-row"
      data-testid="outstanding-row"
      data-user-id={item.userId}
      data-session-id={item.sessionId}
    >
      <span aria-hidden="true" />
      <span className="checkin-row__name">
        {item.name}
        <span className="table__sub">
          {item.title} · {formatDay(item.startsAt)}
        </span>
      </span>
      <span className="badge badge--unmarked">{formatMoney(item.amount)}</span>
      <span className="checkin-row__pay">
        {reported ? (
          <button
            type="button"
            className="button button--small button--outline"
            disabled={busy}
            data-testid="confirm-transfer"
            onClick={() =>
              void act(() => markPaid(item.sessionId, item.userId, 'transfer', item.amount, reported.reference))
            }
          >
            {t('money.confirmTransfer', { reference: reported.reference })}
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--outline"
            disabled={busy}
            data-testid="outstanding-cash"
            onClick={() => void act(() => markPaid(item.sessionId, item.userId, 'cash', item.amount))}
          >
            {t('money.markCash', { amount: formatMoney(item.amount) })}
          </button>
        )}
        {item.passId && (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            data-testid="outstanding-pass"
            onClick={() => void act(() => settleWithPass(item.sessionId, item.userId, item.passId!))}
          >
            {t('money.usePass')}
          </button>
        )}
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => void act(() => waive(item.sessionId, item.userId))}
        >
          {t('money.waive')}
        </button>
      </span>
    </li>
  );
}

/** Who owes what, oldest session first: one tap records cash, confirms a reported transfer or uses a pass. */
export function OutstandingPanel() {
  const { t } = useTranslation();
  const outstanding = useOutstanding();
  return (
    <section className="panel" aria-labelledby="outstanding-title" data-testid="outstanding">
      <h2 className="panel__title" id="outstanding-title">
        {t('money.outstanding')}
      </h2>
      <QueryView query={outstanding}>
        {({ items, total }) =>
          items.length === 0 ? (
            <p className="panel__empty">{t('money.nothingOwed')}</p>
          ) : (
            <>
              <p className="panel__hint" data-testid="outstanding-total">
                {t('money.owedTotal', { players: items.length, amount: formatMoney(total) })}
              </p>
              <ul className="checkin-list">
                {items.map((item) => (
                  <OutstandingRow key={`${item.sessionId}:${item.userId}`} item={item} />
                ))}
              </ul>
            </>
          )
        }
      </QueryView>
    </section>
  );
}
