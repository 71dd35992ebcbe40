import type { MyBooking, SessionDetail } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingsChanged } from '@/lib/changes';
import { acceptOffer } from './offers';

/**
 * Last call (docs/FAIR-SIGNUP.md): a place freed in the final hour is open to everyone waiting at
 * once. A waiting player sees it under their booking with a take-it button; the first to take
 * it gets it (`checkState/booked/acceptOffer`), the others are told it is gone and keep their
 * place on the waitlist.
 */

type Session = Pick<SessionDetail, 'id' | 'status' | 'lastCallSeats'> & { myBooking?: MyBooking | null };

export function LastCallPlace({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const seats = session.lastCallSeats ?? 0;
  const booking = session.myBooking;
  if (seats <= 0 || booking?.status !== 'waiting' || session.status !== 'open') return null;
  const fits = booking.partySize <= seats;
  const take = async () => {
    setBusy(true);
    try {
      await withLightLoading<unknown>(() => acceptOffer(session.id));
      notify({ level: 'success', message: t('fair.lastCallTaken') });
    } catch (error) {
      notify({ level: 'error', title: t('booking.failedTitle'), message: errorMessage(error) });
    } finally {
      setBusy(false);
      await bookingsChanged.announce();
    }
  };
  return (
    <div className="fair-offer" data-testid="last-call" role="status">
      <p className="my-booking__title">{t('fair.lastCallTitle')}</p>
      <p className="my-booking__text">{t('fair.lastCallHint', { count: seats })}</p>
      {fits ? (
        <div className="fair-offer__actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={take}
            data-testid="take-last-call"
          >
            {t('fair.lastCallTake')}
          </button>
        </div>
      ) : (
        <p className="my-booking__text">{t('fair.lastCallTooSmall', { count: booking.partySize })}</p>
      )}
    </div>
  );
}
