import type { Lottery, MyBooking, SessionSummary } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingsChanged } from '@/lib/changes';
import { acceptOffer, declineOffer } from './offers';
import './fair-signup.css';

/**
 * Fair sign-up in the member app (docs/FAIR-SIGNUP.md): the lottery's state and its
 * verification, a held offer with accept/decline, the cancellation deadline, the member
 * priority window and the guests picker. Small pieces the session screens place where they fit.
 */

type Session = Pick<SessionSummary, 'id' | 'status' | 'signupMode' | 'memberSignupOpensAt'> & {
  myBooking?: MyBooking | null;
  lottery?: Lottery;
};

/** Labels of the player's own booking for every status: the detail's title and the lists' badge. */
export function useBookingLabels() {
  const { t } = useTranslation();
  return {
    title(booking: MyBooking): string {
      if (booking.status === 'entered') return t('fair.entered');
      if (booking.status === 'offered') return t('fair.offered');
      if (booking.status === 'waiting') return t('booking.youAreWaiting', { position: booking.position });
      return t('booking.youAreIn');
    },
    /** With guests, "+1" / "+2" after the status, as the participant lists show a party. */
    badge(booking: MyBooking): string {
      const guests = booking.partySize > 1 ? ` +${booking.partySize - 1}` : '';
      if (booking.status === 'entered') return `${t('fair.badgeEntered')}${guests}`;
      if (booking.status === 'offered') return `${t('fair.badgeOffered')}${guests}`;
      if (booking.status === 'waiting')
        return `${t('booking.waitingPosition', { position: booking.position })}${guests}`;
      return `${t('booking.accepted')}${guests}`;
    },
  };
}

/**
 * "抽籤中，12月1日 12:10 開獎" (the draw's day and time) with the number of entries before the
 * draw, "drawn" with the means to verify it after (docs/FAIR-SIGNUP.md).
 */
export function LotteryNotice({ session }: { session: Session }) {
  const { t } = useTranslation();
  const lottery = session.lottery;
  if (!lottery) return null;
  return (
    <section className="fair-lottery" data-testid="lottery" aria-live="polite">
      <p className="fair-lottery__title">
        {lottery.drawnAt
          ? t('fair.lotteryDrawn', { time: formatDateTime(lottery.drawnAt) })
          : t('fair.lotteryDrawAt', { time: formatDateTime(lottery.drawAt) })}
      </p>
      <p className="fair-lottery__text" data-testid="lottery-entries">
        {t('lotteryView.entries', { count: lottery.entryCount })}
      </p>
      {!lottery.drawnAt && <p className="fair-lottery__text">{t('fair.lotteryExplain')}</p>}
      <details className="fair-lottery__verify">
        <summary>{t('fair.verify')}</summary>
        <dl>
          <dt>{t('fair.seedHash')}</dt>
          <dd className="fair-lottery__hex">{lottery.seedHash}</dd>
          {lottery.seed && (
            <>
              <dt>{t('fair.seed')}</dt>
              <dd className="fair-lottery__hex">{lottery.seed}</dd>
            </>
          )}
          {lottery.myTicket && (
            <>
              <dt>{t('fair.myTicket')}</dt>
              <dd className="fair-lottery__hex">
                {lottery.myTicket}
                {lottery.order.length > 0 &&
                  ` · ${t('fair.drawnPlace', { place: lottery.order.indexOf(lottery.myTicket) + 1, count: lottery.order.length })}`}
              </dd>
            </>
          )}
        </dl>
        <p className="fair-lottery__text">{t('fair.verifyHow')}</p>
      </details>
    </section>
  );
}

/** Whether the caller, a member of the session's team, may already join (member priority window). */
export function memberMayJoinEarly(
  session: Pick<Session, 'memberSignupOpensAt'> & { team?: { membership: string } },
  now = Date.now(),
): boolean {
  const opensAt = session.memberSignupOpensAt;
  return Boolean(opensAt) && now >= Date.parse(opensAt!) && session.team?.membership === 'member';
}

/** Team members' earlier sign-up, shown while sign-up is not open for everyone. */
export function MemberPriorityNotice({ session }: { session: Session }) {
  const { t } = useTranslation();
  if (session.status !== 'notYetOpen' || !session.memberSignupOpensAt) return null;
  return (
    <p className="notice-line">{t('fair.memberOpensAt', { time: formatDateTime(session.memberSignupOpensAt) })}</p>
  );
}

/** Under the player's own booking: the entry's draw time, a held offer's buttons, the cancellation deadline. */
export function MyBookingFairLine({ session }: { session: Session }) {
  const { t } = useTranslation();
  const booking = session.myBooking;
  if (!booking) return null;
  if (booking.status === 'entered' && session.lottery) {
    return (
      <p className="my-booking__text">{t('fair.enteredHint', { time: formatDateTime(session.lottery.drawAt) })}</p>
    );
  }
  if (booking.status === 'offered') return <OfferActions session={session} />;
  if (booking.status === 'accepted' && booking.cancelDeadline && booking.attendance === null) {
    return (
      <p className="my-booking__text" data-testid="cancel-deadline">
        {t('fair.cancelDeadline', { time: formatDateTime(booking.cancelDeadline) })}
      </p>
    );
  }
  return null;
}

function OfferActions({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const expires = session.myBooking?.offerExpiresAt;
  const act = async (kind: 'accept' | 'decline') => {
    setBusy(true);
    try {
      await withLightLoading<unknown>(() => (kind === 'accept' ? acceptOffer(session.id) : declineOffer(session.id)));
      notify({
        level: 'success',
        message: kind === 'accept' ? t('fair.acceptedTitle') : t('fair.declinedTitle'),
      });
    } catch (error) {
      notify({ level: 'error', title: t('booking.failedTitle'), message: errorMessage(error) });
    } finally {
      setBusy(false);
      await bookingsChanged.announce();
    }
  };
  return (
    <div className="fair-offer" data-testid="offer">
      {expires && <p className="my-booking__text">{t('fair.offeredHint', { time: formatDateTime(expires) })}</p>}
      <p className="my-booking__text" data-testid="offer-rule">
        {t('offerRule.text')}
      </p>
      <div className="fair-offer__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => act('accept')}
          data-testid="accept-offer"
        >
          {t('fair.accept')}
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          disabled={busy}
          onClick={() => act('decline')}
          data-testid="decline-offer"
        >
          {t('fair.decline')}
        </button>
      </div>
    </div>
  );
}

/** Bring 0-2 guests: the party takes as many places (partySize 1-3). */
export function GuestPicker({ value, onChange }: { value: number; onChange: (partySize: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="fair-guests" data-testid="guest-picker">
      <legend>{t('fair.guests')}</legend>
      <div className="chip-grid">
        {[1, 2, 3].map((party) => (
          <button
            key={party}
            type="button"
            className="chip"
            aria-pressed={value === party}
            onClick={() => onChange(party)}
            data-testid={`party-${party}`}
          >
            {party === 1 ? t('fair.guestsNone') : t('fair.guestsCount', { count: party - 1 })}
          </button>
        ))}
      </div>
      {value > 1 && <p className="dialog__text">{t('fair.partyExplain', { count: value })}</p>}
    </fieldset>
  );
}
