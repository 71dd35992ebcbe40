import type { AdminParticipant } from '@shuttle/shared';
import { formatMoney } from '@shuttle/shared/web/format.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { useTranslation } from 'react-i18next';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { markPaid, markUnpaid, PASSES_KEY, settleWithPass, useTeamPasses } from '../api/mark-paid';

/**
 * The check-in row's payment: one tap records cash (or confirms the transfer the player
 * reported); a paid row can be undone. docs/MONEY.md.
 */
export function PayControl({ sessionId, player }: { sessionId: string; player: AdminParticipant }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const passes = useTeamPasses();
  const payment = player.payment;
  if (!payment) return null;
  const done = async (task: () => Promise<unknown>) => {
    if (!(await run(task))) return;
    await Promise.all([sessionsChanged.announce(sessionId), invalidateQueries(PASSES_KEY)]);
  };
  const pass = passes.data?.passes.find((p) => p.userId === player.userId && p.remaining !== 0);
  if (payment.status !== 'unpaid') {
    return (
      <span className="checkin-row__pay" data-testid="pay-state" data-payment={payment.status}>
        <span className={`badge badge--${payment.status === 'paid' ? 'attended' : 'muted'}`}>
          {t(`money.status.${payment.status}`)}
          {payment.method ? ` · ${t(`money.method.${payment.method}`)}` : ''}
        </span>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => void done(() => markUnpaid(sessionId, player.userId))}
        >
          {t('money.undo')}
        </button>
      </span>
    );
  }
  const reported = payment.reported;
  return (
    <span className="checkin-row__pay" data-testid="pay-state" data-payment="unpaid">
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        data-testid="mark-paid"
        onClick={() =>
          void done(() =>
            reported
              ? markPaid(sessionId, player.userId, 'transfer', payment.amount, reported.reference)
              : markPaid(sessionId, player.userId, 'cash', payment.amount),
          )
        }
      >
        {reported
          ? t('money.confirmTransfer', { reference: reported.reference })
          : t('money.markCash', { amount: formatMoney(payment.amount) })}
      </button>
      {pass && (
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={busy}
          data-testid="use-pass"
          onClick={() => void done(() => settleWithPass(sessionId, player.userId, pass.passId))}
        >
          {t('money.usePass')}
        </button>
      )}
    </span>
  );
}
