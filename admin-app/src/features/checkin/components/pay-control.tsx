import type { AdminParticipant, Payment } from '@shuttle/shared';
import { formatMoney } from '@shuttle/shared/web/format.ts';
import { CoinIcon, TicketIcon } from '@shuttle/shared/web/icons.tsx';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { useTranslation } from 'react-i18next';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { markPaid, markUnpaid, PASSES_KEY, passFor, settleWithPass, useTeamPasses } from '@/lib/payments';

/**
 * What the player owes or paid, as a line of text on the check-in row: the amount, the
 * transfer they reported, or how it was paid (docs/MONEY.md).
 */
export function PaymentText({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const text =
    payment.status !== 'unpaid'
      ? `${t(`money.status.${payment.status}`)}${payment.method ? ` · ${t(`money.method.${payment.method}`)}` : ''}`
      : payment.reported
        ? t('checkinRow.reported', { reference: payment.reported.reference })
        : t('checkinRow.owes', { amount: formatMoney(payment.amount) });
  return (
    <span
      className={`checkin-player__pay checkin-player__pay--${payment.status}`}
      data-testid="pay-state"
      data-payment={payment.status}
    >
      {text}
    </span>
  );
}

/**
 * The check-in row's payment buttons (docs/PLAYER-EXPERIENCE.md, "For admins"): one tap records
 * cash (or confirms the transfer the player reported), or settles with the player's season pass;
 * the filled coin of a paid row undoes it. The aria-label says the whole action ("現金已收
 * NT$200"); on a wide screen the button shows the part that differs (the amount, the transfer's
 * reference, 復原), which the name contains (WCAG 2.5.3), and on a phone only the icon.
 */
export function PayControl({
  sessionId,
  startsAt,
  player,
}: {
  sessionId: string;
  /** The session's start: a pass is offered only when its dates hold that day. */
  startsAt: string;
  player: AdminParticipant;
}) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const passes = useTeamPasses();
  const payment = player.payment;
  if (!payment) return null;
  const done = async (task: () => Promise<unknown>) => {
    if (!(await run(task))) return;
    await Promise.all([sessionsChanged.announce(sessionId), invalidateQueries(PASSES_KEY)]);
  };
  if (payment.status !== 'unpaid') {
    const label = t('checkinRow.undo', { status: t(`money.status.${payment.status}`) });
    return (
      <button
        type="button"
        className="checkin-button checkin-button--paid"
        title={label}
        aria-label={label}
        disabled={busy}
        data-testid="undo-paid"
        onClick={() => void done(() => markUnpaid(sessionId, player.userId))}
      >
        <CoinIcon />
        <span className="checkin-button__label">{t('money.undo')}</span>
      </button>
    );
  }
  const reported = payment.reported;
  const label = reported
    ? t('money.confirmTransfer', { reference: reported.reference })
    : t('money.markCash', { amount: formatMoney(payment.amount) });
  const pass = passFor(passes.data?.passes, player.userId, startsAt);
  return (
    <>
      <button
        type="button"
        className={`checkin-button checkin-button--pay${reported ? ' checkin-button--reported' : ''}`}
        title={label}
        aria-label={label}
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
        <CoinIcon />
        <span className="checkin-button__label">
          {reported ? `…${reported.reference}` : formatMoney(payment.amount)}
        </span>
      </button>
      {pass && (
        <button
          type="button"
          className="checkin-button checkin-button--pay"
          title={t('money.usePass')}
          aria-label={t('money.usePass')}
          disabled={busy}
          data-testid="use-pass"
          onClick={() => void done(() => settleWithPass(sessionId, player.userId, pass.passId))}
        >
          <TicketIcon />
          <span className="checkin-button__label">{t('money.usePass')}</span>
        </button>
      )}
    </>
  );
}
