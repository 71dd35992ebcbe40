import { type SessionDetail as Detail, sessionState } from '@shuttle/shared';
import { ApiError, errorMessage } from '@shuttle/shared/web/api-error.ts';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDateTime, formatDay, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import {
  ChatIcon,
  ClockIcon,
  CoinIcon,
  CourtIcon,
  NoteIcon,
  PinIcon,
  ShieldIcon,
  TicketIcon,
  UsersIcon,
} from '@shuttle/shared/web/icons.tsx';
import { newIdempotencyKey } from '@shuttle/shared/web/idempotency.ts';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { getQueryData, invalidateQueries } from '@shuttle/shared/web/query.ts';
import { SessionStatusBadge } from '@shuttle/shared/web/session-status.tsx';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LotteryNotice,
  MemberPriorityNotice,
  MyBookingFairLine,
  memberMayJoinEarly,
  useBookingLabels,
} from '@/components/fair-signup/fair-signup';
import { LastCallPlace } from '@/components/fair-signup/last-call';
import { PageHeader } from '@/components/page-header';
import { CategoryChips } from '@/components/session-badges';
import { useIsLoggedIn } from '@/lib/auth';
import { bookingsChanged } from '@/lib/changes';
import { promptLogin } from '@/stores/login-prompt';
import { useMemberList } from '../api/get-member-list';
import { useSessionDetail } from '../api/get-session-detail';
import { joinSession } from '../api/join-session';
import { sessionKeys } from '../api/keys';
import { handOverServiceToken } from '../api/service-token';
import { offersCalendar } from '../model/session-links';
import { ActionBarPrice } from './action-bar-price';
import { BookingConfirmDialog } from './booking-confirm-dialog';
import { BookingPayment } from './booking-payment';
import { LevelRange } from './level-range';
import { ParticipantList } from './participant-list';
import { CalendarLinks, DirectionsLinks } from './session-links';
import { ShareButton } from './share-button';
import { SuspensionNotice } from './suspension-notice';
import { TeamJoin } from './team-join';
import { type ReceiptStatus, TellChat } from './tell-chat';

type ReserveState = 'reserve' | 'waitlist' | 'enter' | 'closed' | 'notYetOpen' | 'booked';

/** The reserve button's state, from the one status model (`sessionState`); a lottery's join is an entry. */
function reserveState(session: Detail): ReserveState {
  if (session.myBooking) return 'booked';
  const { badge, action } = sessionState(session);
  if (badge === 'notYetOpen') {
    if (!memberMayJoinEarly(session)) return 'notYetOpen';
    return session.lotteryEntrants === undefined ? 'reserve' : 'enter';
  }
  return action ?? 'closed';
}

/** A team-only session asks a signed-in non-member to join the team instead of reserving. */
export function mustJoinTeam(session: Detail): boolean {
  const membership = session.team?.membership;
  return !session.isPublic && !session.myBooking && (membership === 'none' || membership === 'pending');
}

const RETRYABLE = new Set(['NETWORK', 'TIMEOUT']);

/** The detail that opens the booking confirmation once the player is signed in. */
const joinIntentPath = (sessionId: string) => `/session?id=${encodeURIComponent(sessionId)}&action=join`;

interface SessionDetailProps {
  sessionId: string | null;
  /** Actions on the player's own booking (cancelling belongs to the booked feature). */
  renderBookingActions?: (session: Detail) => ReactNode;
  /** `action=join` in the URL: a LINE card's 報名 from a player not signed in yet (docs/LINE.md, "Postback actions"). */
  openJoin?: boolean;
}

export function SessionDetailView({ sessionId, renderBookingActions, openJoin = false }: SessionDetailProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const detail = useSessionDetail(sessionId, loggedIn);
  const members = useMemberList(sessionId, loggedIn);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [partySize, setPartySize] = useState(1);
  // What the last booking did here, for the receipt the player may post into the chat.
  const [receipt, setReceipt] = useState<ReceiptStatus | null>(null);
  const bookingLabels = useBookingLabels();
  const attemptKey = useRef<string | null>(null);
  const pendingJoin = useRef(openJoin);
  const loginAsked = useRef(false);

  // Finishes a card's 報名: sign in (back to this URL), then the confirmation opens by itself.
  useEffect(() => {
    const current = detail.data;
    if (!pendingJoin.current || !current || !sessionId) return;
    if (!loggedIn) {
      if (!loginAsked.current) promptLogin(joinIntentPath(sessionId));
      loginAsked.current = true;
      return;
    }
    pendingJoin.current = false;
    const state = reserveState(current);
    if ((state === 'reserve' || state === 'waitlist' || state === 'enter') && !mustJoinTeam(current))
      setConfirming(true);
  }, [detail.data, loggedIn, sessionId]);

  if (!sessionId) {
    return (
      <>
        <PageHeader title={t('session.pageTitle')} />
        <EmptyState icon={<NoteIcon size={32} />} title={t('SESSION_NOT_FOUND', { ns: 'errors' })} />
      </>
    );
  }

  const session = detail.data;
  const state = session ? reserveState(session) : null;
  // Before the draw nobody holds a place: the lottery's places and entries say more than "0 / 8".
  const undrawn = session?.lottery && !session.lottery.drawnAt ? session.lottery : null;
  // Retrying cannot bring back a session that does not exist: offer the list instead.
  const missing = detail.error instanceof ApiError && detail.error.status === 404;

  const reserve = async () => {
    if (!session) return;
    attemptKey.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      const result = await withLightLoading(() => joinSession(session.id, attemptKey.current!, partySize));
      attemptKey.current = null;
      setConfirming(false);
      void handOverServiceToken(session.id);
      // The join answers only the status: the refreshed detail carries the waitlist position.
      await bookingsChanged.announce();
      const fresh = getQueryData<Detail>(sessionKeys.detail(session.id, true));
      const position = result.position ?? fresh?.myBooking?.position ?? '—';
      setReceipt(
        result.status === 'accepted' || result.status === 'entered'
          ? { status: result.status }
          : { status: 'waitlisted', position },
      );
      if (result.status === 'accepted') {
        notify({ level: 'success', title: t('booking.successTitle'), message: t('booking.successMessage') });
      } else if (result.status === 'entered' && session.lottery) {
        notify({
          level: 'success',
          title: t('fair.entered'),
          message: t('fair.enteredMessage', { time: formatDateTime(session.lottery.drawAt) }),
        });
      } else {
        notify({
          level: 'success',
          title: t('booking.waitlistedTitle'),
          message: t('booking.waitlistedMessage', { position }),
        });
      }
    } catch (error) {
      if (!(error instanceof ApiError && RETRYABLE.has(error.code))) attemptKey.current = null;
      setConfirming(false);
      notify({ level: 'error', title: t('booking.failedTitle'), message: errorMessage(error) });
      void invalidateQueries(sessionKeys.detail(session.id, loggedIn));
    } finally {
      setBusy(false);
    }
  };

  const onReserveClick = () => {
    if (!loggedIn) {
      // Back from sign-in with the intent: the confirmation opens by itself (`action=join`, as a LINE card's 報名).
      promptLogin(joinIntentPath(session!.id));
      return;
    }
    setConfirming(true);
  };

  return (
    <div className="detail-page" data-testid="session-detail">
      <PageHeader title={t('session.pageTitle')} actions={session ? <ShareButton session={session} /> : null} />
      {!session ? (
        detail.status === 'error' ? (
          <EmptyState
            icon={<NoteIcon size={32} />}
            title={errorMessage(detail.error)}
            description={missing ? t('px.session.notFoundText') : undefined}
            testId="session-error"
            action={
              missing ? (
                <Link to="/" className="button button--primary">
                  {t('px.session.browse')}
                </Link>
              ) : (
                <button type="button" className="button button--outline" onClick={() => detail.refetch()}>
                  {t('common.retry')}
                </button>
              )
            }
          />
        ) : (
          <Spinner />
        )
      ) : (
        <>
          <section className="detail-hero">
            <div className="detail-hero__badges">
              <SessionStatusBadge session={session} />
              {session.startingSoon && <span className="badge badge--soon">{t('booking.startingSoon')}</span>}
              {!session.isPublic && <span className="badge badge--muted">{t('session.teamOnly')}</span>}
            </div>
            <h2 className="detail-hero__title">{session.title}</h2>
            <div className="detail-hero__team">
              <span>{session.teamName}</span>
              <TeamJoin session={session} variant="inline" />
            </div>
            <p className="detail-hero__when">
              <ClockIcon size={18} />
              <span>
                {formatDay(session.startsAt)}{' '}
                <span className="nowrap">{formatTimeRange(session.startsAt, session.endsAt)}</span>
              </span>
            </p>
            <CategoryChips categories={session.categories} />
            <LevelRange min={session.levelMin} max={session.levelMax} />
          </section>

          {session.myBooking && (
            <section
              className={`my-booking my-booking--${session.myBooking.status}`}
              data-testid="my-booking"
              aria-live="polite"
            >
              <p className="my-booking__title">{bookingLabels.title(session.myBooking)}</p>
              <p className="my-booking__text">
                {session.myBooking.attendance
                  ? t(`attendance.${session.myBooking.attendance}`)
                  : session.myBooking.status === 'accepted'
                    ? t('booking.youAreInHint')
                    : session.myBooking.status === 'waiting'
                      ? t('booking.youAreWaitingHint')
                      : null}
              </p>
              <MyBookingFairLine session={session} />
              <LastCallPlace session={session} />
              <BookingPayment session={session} />
              {renderBookingActions?.(session)}
              {offersCalendar(session) && <CalendarLinks session={session} />}
            </section>
          )}
          {!session.myBooking && session.myCancelledTransfer && (
            // Cancelled after reporting a transfer: the money is the team's to give back (docs/MONEY.md).
            <section className="my-booking my-booking--cancelled" data-testid="cancelled-transfer">
              <p className="my-booking__title">{t('partyFee.cancelled')}</p>
              <p className="my-booking__text">
                {t('partyFee.transferNote', { reference: session.myCancelledTransfer.reference })}
              </p>
            </section>
          )}

          <LotteryNotice session={session} />
          <SuspensionNotice session={session} />
          <section className="info-grid" aria-label={t('session.info')}>
            <div className="info-tile">
              <CourtIcon />
              <span className="info-tile__label">{t('session.courts')}</span>
              <span className="info-tile__value">{t('session.courtsValue', { count: session.courts })}</span>
            </div>
            <div className="info-tile">
              <UsersIcon />
              <span className="info-tile__label">{t('session.people')}</span>
              <span className="info-tile__value" data-testid="people">
                {undrawn
                  ? t('lotteryView.places', { count: session.capacity })
                  : t('session.peopleValue', { accepted: session.acceptedCount, capacity: session.capacity })}
              </span>
            </div>
            <div className="info-tile">
              <CoinIcon />
              <span className="info-tile__label">{t('session.fee')}</span>
              <span className="info-tile__value" data-testid="fee">
                {formatMoney(session.price)}
              </span>
            </div>
            <div className="info-tile">
              <TicketIcon />
              <span className="info-tile__label">
                {undrawn ? t('lotteryView.enteredTitle') : t('session.remainingLabel')}
              </span>
              <span className="info-tile__value" data-testid="remaining">
                {undrawn
                  ? undrawn.entryCount
                  : session.status === 'open' && !session.bookingClosed
                    ? session.remaining > 0
                      ? t('session.placesLeft', { count: session.remaining })
                      : t('session.full')
                    : '—'}
              </span>
              {session.waitingCount > 0 && (
                <span className="info-tile__sub">{t('session.waitingCount', { count: session.waitingCount })}</span>
              )}
            </div>
          </section>

          <section className="detail-section">
            <h3>
              <PinIcon size={18} />
              {t('session.venue')}
            </h3>
            <p className="detail-section__strong">{session.venue}</p>
            <p>{session.address}</p>
            <DirectionsLinks session={session} />
          </section>

          {session.status === 'notYetOpen' && (
            <p className="notice-line">{t('session.opensAt', { time: formatDateTime(session.signupOpensAt) })}</p>
          )}
          <MemberPriorityNotice session={session} />

          {session.notes && (
            <section className="detail-section">
              <h3>
                <NoteIcon size={18} />
                {t('session.notes')}
              </h3>
              <p className="pre-line">{session.notes}</p>
            </section>
          )}

          {session.privateRules && (
            <section className="detail-section">
              <h3>
                <ShieldIcon size={18} />
                {t('session.privateRules')}
              </h3>
              <p className="pre-line">{session.privateRules}</p>
            </section>
          )}

          {session.lineLink && (
            <a className="button button--line button--block" href={session.lineLink} target="_blank" rel="noreferrer">
              <ChatIcon size={20} />
              {t('session.joinLineGroup')}
            </a>
          )}

          {!mustJoinTeam(session) && (
            <section className="detail-section">
              <h3>
                <UsersIcon size={18} />
                {t('participants.title')}
              </h3>
              <ParticipantList members={members.data} error={members.error} loading={members.isLoading} />
            </section>
          )}

          {receipt && <TellChat session={session} receipt={receipt} />}

          <div className="action-bar">
            {/* The player's own party, else the places being chosen in the confirmation. */}
            <ActionBarPrice
              price={session.price}
              places={session.myBooking?.partySize ?? (confirming ? partySize : 1)}
            />
            {mustJoinTeam(session) ? (
              <TeamJoin session={session} variant="bar" />
            ) : (
              <ReserveButton state={state!} session={session} onClick={onReserveClick} />
            )}
          </div>

          <BookingConfirmDialog
            session={session}
            lottery={state === 'enter'}
            open={confirming}
            busy={busy}
            onConfirm={reserve}
            onCancel={() => setConfirming(false)}
            partySize={partySize}
            onPartySize={setPartySize}
          />
        </>
      )}
    </div>
  );
}

function ReserveButton({ state, session, onClick }: { state: ReserveState; session: Detail; onClick: () => void }) {
  const { t } = useTranslation();
  const bookingLabels = useBookingLabels();
  const label: Record<ReserveState, string> = {
    reserve: t('booking.reserve'),
    waitlist: t('booking.joinWaitlist'),
    enter: t('lotteryView.enter'),
    closed: t('session.bookingClosed'),
    notYetOpen: t('session.notYetOpenButton'),
    booked: session.myBooking ? bookingLabels.badge(session.myBooking) : t('booking.accepted'),
  };
  const enabled = state === 'reserve' || state === 'waitlist' || state === 'enter';
  return (
    <button
      type="button"
      className={`button ${enabled ? 'button--primary' : 'button--disabled'} action-bar__button`}
      onClick={onClick}
      disabled={!enabled}
      data-testid="reserve-button"
    >
      {label[state]}
    </button>
  );
}
