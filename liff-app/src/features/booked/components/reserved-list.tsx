import type { BookedList, Payment } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDay, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { CalendarIcon, ClockIcon, PinIcon } from '@shuttle/shared/web/icons.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MyBookingFairLine, useBookingLabels } from '@/components/fair-signup/fair-signup';
import { LoginRequired } from '@/components/login-prompt';
import { useIsLoggedIn } from '@/lib/auth';
import { sessionPath } from '@/lib/paths';
import { useBooked } from '../api/get-booked';
import { bookedPhase, isCancellable } from '../model/cancellable';
import { CancelBookingButton } from './cancel-booking';

/**
 * The booking's payment state (docs/MONEY.md): 未付款, 已回報 (a transfer reported, to be
 * confirmed) or 已付款; nothing for a free booking, a waived one or one a pass covers.
 */
function PaymentBadge({ payment }: { payment: Payment | null | undefined }) {
  const { t } = useTranslation();
  if (!payment || payment.coveredBy) return null;
  const state =
    payment.status === 'paid'
      ? 'paid'
      : payment.status === 'unpaid' && payment.amount > 0
        ? payment.reported
          ? 'reported'
          : 'unpaid'
        : null;
  if (!state) return null;
  return (
    <span className={`badge badge--payment-${state}`} data-testid="booked-payment" data-payment={state}>
      {state === 'reported' ? t('money.reportedBadge') : t(`money.status.${state}`)}
    </span>
  );
}

function BookedCard({ session }: { session: BookedList[number] }) {
  const { t } = useTranslation();
  const phase = bookedPhase(session);
  const bookingLabels = useBookingLabels();
  const booking = session.myBooking;
  return (
    <li className="booked-card" data-testid="booked-card" data-session-id={session.id}>
      <div className="booked-card__badges">
        <span className={`badge badge--${booking.status}`}>{bookingLabels.badge(booking)}</span>
        {phase && (
          <span className={`badge badge--phase-${phase}`} data-testid="booked-phase">
            {t(`booking.phase.${phase}`)}
          </span>
        )}
        <PaymentBadge payment={booking.status === 'accepted' ? booking.payment : null} />
      </div>
      <h3 className="booked-card__title">{session.title}</h3>
      <p className="booked-card__team">{session.teamName}</p>
      <div className="session-card__meta">
        <span>
          <ClockIcon size={16} />
          {formatDay(session.startsAt)} {formatTimeRange(session.startsAt, session.endsAt)}
        </span>
        <span>
          <PinIcon size={16} />
          {session.venue}
        </span>
        {/* What this booking owes (its per-head share once settled), else the session's price. */}
        <span className="session-card__price">
          {formatMoney(booking.status === 'accepted' && booking.payment ? booking.payment.amount : session.price)}
        </span>
      </div>
      <MyBookingFairLine session={session} />
      <div className="booked-card__actions">
        <Link to={sessionPath(session.id)} className="button button--outline button--small">
          {t('reserved.viewDetails')}
        </Link>
        {isCancellable(session) && <CancelBookingButton session={session} />}
      </div>
    </li>
  );
}

/** The reserved tab: upcoming places and waitlist spots, with details and cancel. */
export function ReservedList({ onBookNow }: { onBookNow: () => void }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const booked = useBooked(loggedIn);
  if (!loggedIn) return <LoginRequired next="/?tab=reserved" />;
  if (booked.status === 'error' && !booked.data) {
    return (
      <div className="error-box" role="alert">
        <p>{errorMessage(booked.error)}</p>
        <button type="button" className="button button--outline button--small" onClick={() => booked.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!booked.data) return <Spinner />;
  if (booked.data.length === 0) {
    return (
      <EmptyState
        icon={<CalendarIcon size={32} />}
        title={t('reserved.emptyTitle')}
        description={t('reserved.emptyText')}
        testId="reserved-empty"
        action={
          <button type="button" className="button button--primary" onClick={onBookNow}>
            {t('reserved.bookNow')}
          </button>
        }
      />
    );
  }
  return (
    <ul className="card-list" data-testid="reserved-list">
      {booked.data.map((session) => (
        <BookedCard key={session.id} session={session} />
      ))}
    </ul>
  );
}
