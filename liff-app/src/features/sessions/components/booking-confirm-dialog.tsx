import type { SessionDetail } from '@shuttle/shared';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { formatDateTime, formatFullDate, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { TermList } from '@shuttle/shared/web/term-list.tsx';
import { useTranslation } from 'react-i18next';
import { GuestPicker } from '@/components/fair-signup/fair-signup';

/**
 * Confirmation before reserving a place, before joining the waitlist of a full session, or
 * (`lottery`) before entering a lottery taking entries: 確認參加抽籤, never 確認預約 (issue 30).
 */
export function BookingConfirmDialog({
  session,
  lottery = false,
  open,
  busy,
  onConfirm,
  onCancel,
  partySize = 1,
  onPartySize,
}: {
  session: SessionDetail;
  /** The join is a lottery entry (the status model's `enter`), which holds no place until the draw. */
  lottery?: boolean;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Places asked for: the player and 0-2 guests (docs/FAIR-SIGNUP.md). */
  partySize?: number;
  onPartySize?: (partySize: number) => void;
}) {
  const { t } = useTranslation();
  const waitlist = !lottery && session.remaining === 0;
  const title = lottery
    ? t('lotteryView.confirmTitle')
    : waitlist
      ? t('booking.confirmWaitlistTitle')
      : t('booking.confirmTitle');
  const confirmLabel = lottery
    ? t('lotteryView.confirm')
    : waitlist
      ? t('booking.joinWaitlist')
      : t('booking.confirmReserve');
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
      testId="booking-confirm"
    >
      <TermList
        className="summary-list"
        items={[
          { term: t('session.title'), value: session.title },
          {
            term: t('session.time'),
            value: (
              <>
                {formatFullDate(session.startsAt)} {formatTimeRange(session.startsAt, session.endsAt)}
              </>
            ),
          },
          { term: t('session.venue'), value: session.venue },
          {
            term: t('session.fee'),
            // Every place is paid for, a guest's too (shared/src/domain/payments.ts: price x party size).
            value:
              partySize > 1
                ? t('partyFee.breakdown', {
                    total: formatMoney(session.price * partySize),
                    price: formatMoney(session.price),
                    count: partySize,
                  })
                : formatMoney(session.price),
          },
        ]}
      />
      <p className="dialog__text">
        {lottery && session.lottery
          ? t('fair.enteredMessage', { time: formatDateTime(session.lottery.drawAt) })
          : waitlist
            ? t('booking.waitlistExplain', { position: session.waitingCount + 1 })
            : t('booking.reserveExplain')}
      </p>
      {onPartySize && <GuestPicker value={partySize} onChange={onPartySize} />}
    </ConfirmDialog>
  );
}
