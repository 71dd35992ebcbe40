import type { Store } from '#db/client.ts';
import { key } from '#db/keys.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { CONTENDED_RETRY, ContentionError, contended } from './contention.ts';
import { claimedLastCall, claimLastCall } from './last-call.ts';
import { effectiveStatus } from './lottery.ts';
import { ITEM, offerJobItem, releaseSeats } from './seat-items.ts';
import { waitlistIndex } from './waitlist.ts';

/**
 * Time-limited waitlist offers (docs/FAIR-SIGNUP.md). A freed place goes to the waitlist head as
 * `offered` (seat-items.ts `releaseSeats`): its seats leave `remaining` and sit in the session's
 * `offers` list, so no one else can take them. The player accepts before `offerExpiresAt`, or
 * declines; on a decline or at expiry the seats are released again, to the next in order. Every
 * step is one transaction pinned to the offer (`offers[i]`) and the booking's status, so an
 * offer ends exactly once and a place is never offered to two players.
 */

export interface OfferDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  retry?: RetryPolicy;
  /** The session reads, retried like the transactions (the engine's, app/factories.ts). */
  sessions: SessionRepository;
}

/** A session and a player's booking row read together (strongly consistent). */
type BookingRead = { session: SessionRecord; booking: BookingRecord | undefined };

/**
 * Takes the offered place: the seats move from the offer to accepted. Refused after the expiry.
 * A waiting player takes a last-call place the same way (last-call.ts): one call, "take the place
 * the app shows you", whichever of the two it is.
 */
export async function acceptOffer(deps: OfferDeps, sessionId: string, userId: string, firstRead?: BookingRead) {
  const retry = deps.retry ?? CONTENDED_RETRY;
  const { sessions } = deps;
  let read = firstRead;
  return contended(async () => {
    // The call's reference read serves the first attempt; a retry reads afresh.
    const { session, booking } = read ?? (await sessions.withBooking(sessionId, userId));
    read = undefined;
    if (booking?.status === 'accepted' && booking.offeredAt) return { sessionId, status: 'accepted' as const };
    if (claimedLastCall(booking)) return { sessionId, status: 'accepted' as const };
    if (booking && effectiveStatus(session, booking) === 'waiting') return claimLastCall(deps, session, booking);
    const offer = openOffer(session, booking);
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    if (Date.parse(offer.booking.offerExpiresAt ?? '') <= now.getTime()) throw new DomainError('OFFER_EXPIRED');
    const tx = new Transaction(deps.store.tableName)
      .update(ITEM.session, {
        Key: key.session(sessionId),
        UpdateExpression: `REMOVE offers[${offer.at}] SET acceptedCount = acceptedCount + :party, updatedAt = :now`,
        ConditionExpression: `offers[${offer.at}] = :entry`,
        ExpressionAttributeValues: { ':party': offer.booking.partySize, ':entry': offer.entry, ':now': nowIso },
      })
      .update(ITEM.booking, {
        Key: key.booking(sessionId, userId),
        UpdateExpression: 'SET #status = :accepted, acceptedAt = :now, promotedAt = :now',
        ConditionExpression: '#status = :offered AND offerExpiresAt > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':accepted': 'accepted', ':offered': 'offered', ':now': nowIso },
      })
      .delete('offerJob', { Key: jobKey(sessionId, userId, offer.booking.offerExpiresAt) });
    try {
      await runTransaction(deps.store, tx, retry);
    } catch (error) {
      if (!(error instanceof TransactionRefusedError)) throw error;
      throw new ContentionError();
    }
    return { sessionId, status: 'accepted' as const };
  }, retry);
}

/** Declines the offered place (or a player or admin cancels it): it passes to the next in order. */
export async function declineOffer(deps: OfferDeps, sessionId: string, userId: string, firstRead?: BookingRead) {
  const retry = deps.retry ?? CONTENDED_RETRY;
  const { sessions } = deps;
  let read = firstRead;
  return contended(async () => {
    // The call's reference read serves the first attempt; a retry reads afresh.
    const { session, booking } = read ?? (await sessions.withBooking(sessionId, userId));
    read = undefined;
    if (booking?.status === 'cancelled' && booking.cancelReason === 'offerDeclined') {
      return { sessionId, cancelled: true as const, promoted: false };
    }
    const offer = openOffer(session, booking);
    const promoted = await endOffer(deps, session, offer, 'declined');
    return { sessionId, cancelled: true as const, promoted };
  }, retry);
}

/**
 * The sign-up job's expiry of one offer: only once `offerExpiresAt` has passed and only while
 * the booking is still `offered`. Answers whether this call ended it.
 */
export async function expireOffer(deps: OfferDeps, sessionId: string, userId: string, now: Date): Promise<boolean> {
  const retry = deps.retry ?? CONTENDED_RETRY;
  const { sessions } = deps;
  return contended(async () => {
    const session = await sessions.get(sessionId, { consistent: true });
    if (!session) return false;
    const booking = (await sessions.booking(sessionId, userId)) ?? undefined;
    if (booking?.status !== 'offered' || Date.parse(booking.offerExpiresAt ?? '') > now.getTime()) return false;
    await endOffer(deps, session, openOffer(session, booking), 'expired', now);
    return true;
  }, retry);
}

interface OpenOffer {
  booking: BookingRecord;
  at: number;
  entry: string;
}

function openOffer(session: SessionRecord, booking: BookingRecord | undefined): OpenOffer {
  if (booking?.status === 'cancelled' && booking.cancelReason === 'offerExpired')
    throw new DomainError('OFFER_EXPIRED');
  if (booking?.status !== 'offered') throw new DomainError('OFFER_NOT_FOUND');
  const at = waitlistIndex(session.offers ?? [], booking.userId);
  if (at < 0) throw new ContentionError();
  return { booking, at, entry: (session.offers ?? [])[at]! };
}

const jobKey = (sessionId: string, userId: string, dueAt: string | undefined) => {
  const { PK, SK } = offerJobItem(sessionId, userId, dueAt ?? '');
  return { PK, SK };
};

/**
 * Ends an offer (declined or expired): the booking is cancelled and its seats are released
 * like a cancellation's, so the next in order is offered them in the same transaction.
 */
async function endOffer(
  deps: OfferDeps,
  session: SessionRecord,
  offer: OpenOffer,
  how: 'declined' | 'expired',
  at: Date = deps.clock.now(),
): Promise<boolean> {
  const nowIso = at.toISOString();
  const { booking } = offer;
  const tx = new Transaction(deps.store.tableName).update(ITEM.booking, {
    Key: key.booking(session.id, booking.userId),
    UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now, cancelReason = :how',
    ConditionExpression:
      how === 'expired'
        ? '#status = :offered AND offerExpiresAt <= :now'
        : '#status = :offered AND offerExpiresAt = :until',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':cancelled': 'cancelled',
      ':offered': 'offered',
      ':now': nowIso,
      ':how': how === 'expired' ? 'offerExpired' : 'offerDeclined',
      ...(how === 'expired' ? {} : { ':until': booking.offerExpiresAt }),
    },
  });
  const promoted = releaseSeats(
    tx,
    session,
    { freedSeats: booking.partySize, reason: 'offerEnded', fromOffer: { at: offer.at, entry: offer.entry } },
    at,
    deps.ids,
  );
  if (how === 'declined') tx.delete('offerJob', { Key: jobKey(session.id, booking.userId, booking.offerExpiresAt) });
  try {
    await runTransaction(deps.store, tx, deps.retry ?? CONTENDED_RETRY);
  } catch (error) {
    if (!(error instanceof TransactionRefusedError)) throw error;
    throw new ContentionError();
  }
  return promoted.length > 0;
}
