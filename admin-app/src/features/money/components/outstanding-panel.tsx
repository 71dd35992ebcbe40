import type { OutstandingItem } from '@shuttle/shared';
import { PressButtonGroup } from '@shuttle/shared/web/choices.tsx';
import { formatDay, formatMoney } from '@shuttle/shared/web/format.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { markPaid, markUnpaid, settleWithPass, waive } from '@/lib/payments';
import { moneyKeys, useOutstanding } from '../api/money';

/** A row just settled: what the toast says and whom 復原 marks unpaid again. */
interface Settled {
  sessionId: string;
  userId: string;
  message: string;
}

/** How long the undo toast stays. */
const UNDO_MS = 10_000;

function OutstandingRow({ item, onSettled }: { item: OutstandingItem; onSettled: (settled: Settled) => void }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const act = async (task: () => Promise<unknown>, message: string) => {
    if (!(await run(task))) return;
    onSettled({ sessionId: item.sessionId, userId: item.userId, message });
    await invalidateQueries(moneyKeys.all);
  };
  const reported = item.payment.reported;
  const amount = formatMoney(item.amount);
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
      <span className={`badge ${item.passId ? 'badge--muted' : 'badge--unmarked'}`}>{amount}</span>
      <span className="checkin-row__pay">
        {reported ? (
          <button
            type="button"
            className="button button--small button--outline"
            disabled={busy}
            data-testid="confirm-transfer"
            onClick={() =>
              void act(
                () => markPaid(item.sessionId, item.userId, 'transfer', item.amount, reported.reference),
                t('moneyScreens.confirmed', { name: item.name, amount }),
              )
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
            onClick={() =>
              void act(
                () => markPaid(item.sessionId, item.userId, 'cash', item.amount),
                t('moneyScreens.confirmed', { name: item.name, amount }),
              )
            }
          >
            {t('money.markCash', { amount })}
          </button>
        )}
        {item.passId && (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            data-testid="outstanding-pass"
            onClick={() =>
              void act(
                () => settleWithPass(item.sessionId, item.userId, item.passId!),
                t('moneyScreens.settledPass', { name: item.name }),
              )
            }
          >
            {t('money.usePass')}
          </button>
        )}
        <button
          type="button"
          className="link-button"
          disabled={busy}
          data-testid="outstanding-waive"
          onClick={() =>
            void act(() => waive(item.sessionId, item.userId), t('moneyScreens.waived', { name: item.name }))
          }
        >
          {t('money.waive')}
        </button>
      </span>
    </li>
  );
}

/** "已收 …  復原": the last settled row, undone with the existing `payments/markUnpaid` call. */
function UndoToast({ settled, onDone }: { settled: Settled; onDone: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  useEffect(() => {
    const timer = setTimeout(onDone, UNDO_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  const undo = async () => {
    const undone = await run(() => markUnpaid(settled.sessionId, settled.userId), {
      success: { message: t('moneyScreens.undone') },
    });
    if (!undone) return;
    onDone();
    await invalidateQueries(moneyKeys.all);
  };
  return (
    <div className="undo-toast" role="status" data-testid="undo-toast">
      <span className="undo-toast__text">{settled.message}</span>
      <button type="button" className="link-button" disabled={busy} onClick={() => void undo()} data-testid="undo">
        {t('moneyScreens.undo')}
      </button>
    </div>
  );
}

const FILTERS = ['all', 'reported'] as const satisfies readonly Filter[];

const sum = (items: readonly OutstandingItem[]) => items.reduce((total, i) => total + i.amount, 0);

function Group({
  title,
  testId,
  items,
  onSettled,
}: {
  title: string;
  testId: string;
  items: readonly OutstandingItem[];
  onSettled: (settled: Settled) => void;
}) {
  if (items.length === 0) return null;
  return (
    <div data-testid={testId}>
      <h3 className="money-group__title">{title}</h3>
      <ul className="checkin-list">
        {items.map((item) => (
          <OutstandingRow key={`${item.sessionId}:${item.userId}`} item={item} onSettled={onSettled} />
        ))}
      </ul>
    </div>
  );
}

type Filter = 'all' | 'reported';

/** The filter, set to 已回報 when the section nav jumps to `confirmAnchor` (its `#hash`). */
function useFilter(confirmAnchor: string | undefined) {
  const fromHash = () => (confirmAnchor && window.location.hash === `#${confirmAnchor}` ? 'reported' : 'all');
  const [filter, setFilter] = useState<Filter>(fromHash);
  useEffect(() => {
    const follow = () => {
      if (fromHash() === 'reported') setFilter('reported');
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  });
  return [filter, setFilter] as const;
}

/**
 * Who owes what (docs/MONEY.md, "Screens"), in three groups: ended sessions (overdue), sessions
 * still to come, and rows a pass covers (not owed money, one tap to settle); filtered to
 * 已回報，待確認, only the transfers players reported. One tap records cash, confirms a reported
 * transfer or uses a pass; a toast offers 復原 for a few seconds.
 */
export function OutstandingPanel({ confirmAnchor }: { confirmAnchor?: string }) {
  const { t } = useTranslation();
  const outstanding = useOutstanding();
  const [settled, setSettled] = useState<Settled | null>(null);
  const dismiss = useCallback(() => setSettled(null), []);
  const [filter, setFilter] = useFilter(confirmAnchor);
  return (
    <section className="panel" aria-labelledby="outstanding-title" data-testid="outstanding">
      <h2 className="panel__title" id="outstanding-title">
        {t('money.outstanding')}
      </h2>
      <p className="panel__hint" data-testid="outstanding-counts">
        {t('moneyScreens.outstandingCounts')}
      </p>
      <div id={confirmAnchor} className="section-anchor">
        <PressButtonGroup
          groupClassName="segmented"
          legend={t('moneyScreens.filter.label')}
          options={FILTERS}
          className="segmented__item"
          label={(f) => t(`moneyScreens.filter.${f}`)}
          pressed={(f) => filter === f}
          onPress={setFilter}
        />
      </div>
      <QueryView query={outstanding}>
        {({ items, total }) => {
          if (filter === 'reported') {
            const reported = items.filter((i) => i.payment.reported);
            if (reported.length === 0) return <p className="panel__empty">{t('moneyScreens.filter.noneReported')}</p>;
            return (
              <Group
                title={t('moneyScreens.filter.reported')}
                testId="outstanding-reported"
                items={reported}
                onSettled={setSettled}
              />
            );
          }
          if (items.length === 0) return <p className="panel__empty">{t('money.nothingOwed')}</p>;
          const owed = items.filter((i) => !i.passId);
          const overdueRows = owed.filter((i) => i.ended);
          const upcomingRows = owed.filter((i) => !i.ended);
          return (
            <>
              <p className="panel__hint" data-testid="outstanding-total">
                {t('money.owedTotal', { players: owed.length, amount: formatMoney(total) })}
              </p>
              <Group
                title={t('moneyScreens.overdue', { amount: formatMoney(sum(overdueRows)) })}
                testId="outstanding-overdue"
                items={overdueRows}
                onSettled={setSettled}
              />
              <Group
                title={t('moneyScreens.upcoming', { amount: formatMoney(sum(upcomingRows)) })}
                testId="outstanding-upcoming"
                items={upcomingRows}
                onSettled={setSettled}
              />
              <Group
                title={t('moneyScreens.covered')}
                testId="outstanding-covered"
                items={items.filter((i) => i.passId)}
                onSettled={setSettled}
              />
            </>
          );
        }}
      </QueryView>
      {settled && <UndoToast key={`${settled.sessionId}:${settled.userId}`} settled={settled} onDone={dismiss} />}
    </section>
  );
}
