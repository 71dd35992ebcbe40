import { signupJobCodec } from '#db/codecs/jobs.ts';
import { bookingCodec } from '#db/codecs/sessions.ts';
import { index, isGuestId, key } from '#db/keys.ts';
import { teamPlayedUpdate } from '#db/team-played.ts';
import type { Transaction } from '#db/transaction.ts';
import { newGroupOutboxItem, newOutboxItem } from '#outbox/model.ts';
import type { IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { BUSINESS_METRICS } from '#platform/metrics.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { KEEPS_LAST_CALL_WAITER, lastWaiterLeaves, openLastCall, opensLastCall } from './last-call.ts';
import { offerExpiryOf, offerNoticeAt } from './rules.ts';
import { encodeEntry, planRelease, type WaitlistEntry } from './waitlist.ts';

/**
 * The DynamoDB items of the booking engine's transactions, each under the name the engine
 * decodes a refusal by. Every condition here is one of the booking invariants of
 * docs/ARCHITECTURE.md ("Booking invariants"); TABLE.md lists what each item pins.
 */

/** Why a place was freed; it becomes the notification reason of each promoted player. */
export type ReleaseReason = 'cancellation' | 'capacityRaised' | 'playerRemoved' | 'offerEnded';

/** Item names used in the engine's transactions. */
export const ITEM = {
  session: 'session',
  booking: 'booking',
  membership: 'membership',
  played: 'played',
} as const;

/**
 * Takes `party` free seats: only while that many are left, nobody waits before the joiner,
 * sign-up is open (when `requireOpen`) and the start time is the one the booking copies.
 */
export function takeSeats(
  tx: Transaction,
  session: SessionRecord,
  party: number,
  nowIso: string,
  requireOpen = true,
): Transaction {
  return tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression: 'SET remaining = remaining - :party, acceptedCount = acceptedCount + :party, updatedAt = :now',
    // startsAt: a booking copies the start time it read; an admin may have moved it since.
    ConditionExpression: [
      'remaining >= :party AND size(waitlist) = :zero',
      requireOpen ? 'bookingClosed = :false' : '',
      'startsAt = :startsAt',
    ]
      .filter(Boolean)
      .join(' AND '),
    ExpressionAttributeValues: {
      ':party': party,
      ':zero': 0,
      ...(requireOpen ? { ':false': false } : {}),
      ':now': nowIso,
      ':startsAt': session.startsAt,
    },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  });
}

/**
 * Appends the joiner to the waitlist: only while the party does not fit or others already wait.
 * With `pinLength`, only onto the list as read, so the answer can name the place (`length + 1`).
 */
export function appendToWaitlist(
  tx: Transaction,
  session: SessionRecord,
  entry: WaitlistEntry,
  nowIso: string,
  pinLength = false,
): Transaction {
  return tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression:
      'SET waitlist = list_append(waitlist, :entry), waitingCount = waitingCount + :one, updatedAt = :now',
    ConditionExpression: [
      '(remaining < :party OR size(waitlist) > :zero) AND bookingClosed = :false AND startsAt = :startsAt',
      pinLength ? 'size(waitlist) = :length' : '',
    ]
      .filter(Boolean)
      .join(' AND '),
    ExpressionAttributeValues: {
      ...(pinLength ? { ':length': session.waitlist.length } : {}),
      ':entry': [encodeEntry(entry)],
      ':one': 1,
      ':party': entry.partySize,
      ':zero': 0,
      ':false': false,
      ':now': nowIso,
      ':startsAt': session.startsAt,
    },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  });
}

/**
 * Removes a waiting player at the position that was read; fails if the list moved, or if it
 * would leave last-call seats open with nobody waiting (then the last one out gives them back).
 */
export function leaveWaitlist(tx: Transaction, session: SessionRecord, at: number, nowIso: string): Transaction {
  if ((session.lastCallSeats ?? 0) > 0 && session.waitlist.length === 1) return lastWaiterLeaves(tx, session, nowIso);
  return tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression: `REMOVE waitlist[${at}] SET waitingCount = waitingCount - :one, updatedAt = :now`,
    ConditionExpression: `waitlist[${at}] = :entry AND ${KEEPS_LAST_CALL_WAITER}`,
    ExpressionAttributeValues: { ':entry': session.waitlist[at], ':one': 1, ':zero': 0, ':now': nowIso },
  });
}

/**
 * The player's one booking row of the session: new, or replacing a cancelled one; with it, the
 * record that the player has booked with the team (`teamPlayed`, docs/ARCHITECTURE.md,
 * "References"), which a guest without an account never gets.
 */
export function putBooking(tx: Transaction, booking: BookingRecord): Transaction {
  tx.put(ITEM.booking, {
    Item: bookingCodec.encode(booking),
    ConditionExpression: 'attribute_not_exists(PK) OR #status = :cancelled',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':cancelled': 'cancelled' },
  });
  if (isGuestId(booking.userId)) return tx;
  return tx.update(ITEM.played, teamPlayedUpdate(booking.teamId, booking.userId, booking.bookedAt));
}

/**
 * Blocked players never book; team-only sessions (when `teamOnly`) need a membership; with
 * `nowIso`, a member suspended by the no-show rule until later than it does not book either
 * (docs/MONEY.md, "No-show rule").
 */
export function checkMembership(
  tx: Transaction,
  teamId: string,
  userId: string,
  teamOnly: boolean,
  nowIso?: string,
): Transaction {
  const allowed = nowIso
    ? '(blocked = :false AND (attribute_not_exists(suspendedUntil) OR suspendedUntil <= :now))'
    : 'blocked = :false';
  return tx.check(ITEM.membership, {
    Key: key.teamMember(teamId, userId),
    ConditionExpression: teamOnly ? `attribute_exists(PK) AND ${allowed}` : `attribute_not_exists(PK) OR ${allowed}`,
    ExpressionAttributeValues: { ':false': false, ...(nowIso ? { ':now': nowIso } : {}) },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  });
}

/** Marks the booking cancelled, only from the status that was read and before check-in. */
export function cancelBooking(tx: Transaction, booking: BookingRecord, nowIso: string): Transaction {
  return tx.count(BUSINESS_METRICS.cancellations).update(ITEM.booking, {
    Key: key.booking(booking.sessionId, booking.userId),
    UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now',
    ConditionExpression: '#status = :was AND (attribute_not_exists(attendance) OR attendance = :null)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':cancelled': 'cancelled', ':now': nowIso, ':was': booking.status, ':null': null },
  });
}

/**
 * The session update (and promotions) for `freedSeats` places coming free, or for a capacity
 * change when `newCapacity` is given. The conditions pin only what the decision depends on:
 * the seats (`remaining`, `capacity`), each promoted head (`waitlist[i] = :head`), and what
 * stopped the promotions: the first entry that did not fit, or the end of the list when all
 * were promoted. Two releases never promote the same head and a player who joined meanwhile is
 * never skipped, while joins appended behind that first unfitting entry change nothing the
 * release read, so a stream of joins never starves a cancellation. Counters move by relative
 * amounts for the same reason. Each promoted player gets an outbox item in the same transaction,
 * and a player's cancellation that nobody waits for a group announcement of the freed place.
 */
export function releaseSeats(
  tx: Transaction,
  session: SessionRecord,
  change: {
    freedSeats: number;
    newCapacity?: number;
    reason: ReleaseReason;
    /** The seats come from an offer that ends (declined, expired): `offers[at]` is removed, and was never accepted. */
    fromOffer?: { at: number; entry: string };
    /** The head leaves the waitlist (removed, not promoted); those behind it that now fit move up. */
    headLeaves?: boolean;
  },
  now: Date,
  ids: IdGenerator,
): WaitlistEntry[] {
  const { freedSeats, newCapacity, reason, fromOffer } = change;
  // Inside the final window (offers on, someone waiting) the seats open to everyone waiting (last-call.ts).
  if (opensLastCall(session, change, now)) {
    openLastCall(tx, session, change, now, ids);
    return [];
  }
  const skip = change.headLeaves ? 1 : 0;
  // With offers on, the heads that fit are offered the place until `offerUntil` instead of taking it (offers.ts).
  const offerUntil = offerExpiryOf(session, now);
  if (session.remaining + freedSeats < 0) throw new DomainError('CAPACITY_BELOW_ACCEPTED');
  const plan = planRelease(session.waitlist.slice(skip), session.remaining, freedSeats);
  const promotedSeats = plan.promoted.reduce((sum, e) => sum + e.partySize, 0);
  const nowIso = now.toISOString();
  const capacityChange = newCapacity !== undefined;
  const k = plan.promoted.length;

  const removed = k + skip;
  const removes = Array.from({ length: removed }, (_, i) => `waitlist[${i}]`);
  const heads = Object.fromEntries(session.waitlist.slice(0, removed).map((e, i) => [`:head${i}`, e]));
  const headConditions = Object.keys(heads).map((_, i) => `waitlist[${i}] = :head${i}`);
  const blocker = session.waitlist[removed];
  const stopCondition = blocker === undefined ? 'size(waitlist) = :promotedCount' : `waitlist[${removed}] = :blocker`;
  // Nobody left waiting: seats still open to the waitlist (last-call.ts) become free for anyone.
  const lastCall = blocker === undefined ? (session.lastCallSeats ?? 0) : 0;
  const acceptedDelta = (capacityChange || fromOffer ? 0 : -freedSeats) + (offerUntil ? 0 : promotedSeats);
  const offering = offerUntil !== null && k > 0;
  const newOffers = offering ? plan.promoted.map(encodeEntry) : [];
  // An ending offer rewrites the (short) offers list whole, pinned to the list as read.
  const offersAfter = fromOffer
    ? [...(session.offers ?? []).filter((_, i) => i !== fromOffer.at), ...newOffers]
    : undefined;

  tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression: [
      'SET remaining = :remainingAfter, acceptedCount = acceptedCount + :acceptedDelta,',
      'waitingCount = waitingCount - :promotedCount, updatedAt = :now',
      lastCall ? ', lastCallSeats = :noSeats' : '',
      capacityChange ? ', #capacity = :capacity' : '',
      offersAfter ? ', offers = :offersAfter' : '',
      !offersAfter && offering ? ', offers = list_append(if_not_exists(offers, :noOffers), :offered)' : '',
      removes.length ? ` REMOVE ${removes.join(', ')}` : '',
    ].join(' '),
    ConditionExpression: [
      'remaining = :remainingBefore',
      '#capacity = :capacityBefore',
      ...headConditions,
      stopCondition,
      ...(lastCall ? ['lastCallSeats = :lastCall'] : []),
      ...(fromOffer ? [`offers[${fromOffer.at}] = :endedOffer`, 'offers = :offersBefore'] : []),
    ].join(' AND '),
    ExpressionAttributeNames: { '#capacity': 'capacity' },
    ExpressionAttributeValues: {
      ':remainingAfter': plan.remainingAfter + lastCall,
      ':acceptedDelta': acceptedDelta,
      ...(lastCall ? { ':noSeats': 0, ':lastCall': lastCall } : {}),
      ':promotedCount': removed,
      ':remainingBefore': session.remaining,
      ':capacityBefore': session.capacity,
      ':now': nowIso,
      ...(capacityChange ? { ':capacity': newCapacity } : {}),
      ...(blocker === undefined ? {} : { ':blocker': blocker }),
      ...(!offersAfter && offering ? { ':noOffers': [], ':offered': newOffers } : {}),
      ...(fromOffer
        ? { ':endedOffer': fromOffer.entry, ':offersBefore': session.offers ?? [], ':offersAfter': offersAfter }
        : {}),
      ...heads,
    },
  });

  for (const entry of plan.promoted) {
    if (offerUntil) {
      offerPlace(tx, session, entry, { reason, until: offerUntil, now, ids });
      continue;
    }
    tx.count(BUSINESS_METRICS.promotions).update(`promoted:${entry.userId}`, {
      Key: key.booking(session.id, entry.userId),
      UpdateExpression: 'SET #status = :accepted, acceptedAt = :now, promotedAt = :now',
      // `entered`: drawn onto the waitlist by the lottery, row not settled yet (draw.ts).
      ConditionExpression: '#status IN (:waiting, :entered)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':accepted': 'accepted',
        ':waiting': 'waiting',
        ':entered': 'entered',
        ':now': nowIso,
      },
    });
    const notice = newOutboxItem({
      id: ids(),
      kind: 'promoted',
      reason,
      userId: entry.userId,
      sessionId: session.id,
      now,
    });
    tx.put(`notice:${entry.userId}`, { Item: notice, ConditionExpression: 'attribute_not_exists(PK)' });
  }
  // A player's own cancellation with nobody waiting: the team's group hears of the place (TABLE.md, "Outbox").
  if (reason === 'cancellation' && session.waitlist.length === 0 && plan.remainingAfter > 0) {
    const item = newGroupOutboxItem({
      id: ids(),
      kind: 'groupPlaceFreed',
      teamId: session.teamId,
      sessionIds: [session.id],
      now,
    });
    tx.put('groupNotice', { Item: item, ConditionExpression: 'attribute_not_exists(PK)' });
  }
  return plan.promoted;
}

/** The waitlist head's booking becomes `offered` until `until`, with its push and the expiry's job marker. */
function offerPlace(
  tx: Transaction,
  session: SessionRecord,
  entry: WaitlistEntry,
  offer: { reason: ReleaseReason; until: string; now: Date; ids: IdGenerator },
) {
  const nowIso = offer.now.toISOString();
  tx.count(BUSINESS_METRICS.offers).update(`promoted:${entry.userId}`, {
    Key: key.booking(session.id, entry.userId),
    UpdateExpression: 'SET #status = :offered, offeredAt = :now, offerExpiresAt = :until',
    ConditionExpression: '#status IN (:waiting, :entered)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':offered': 'offered',
      ':waiting': 'waiting',
      ':entered': 'entered',
      ':now': nowIso,
      ':until': offer.until,
    },
  });
  const noticeId = offer.ids();
  const notice = newOutboxItem({
    id: noticeId,
    kind: 'offered',
    reason: offer.reason,
    userId: entry.userId,
    sessionId: session.id,
    now: offer.now,
    details: { offerExpiresAt: offer.until, ...quietNoticeDelay(session, offer.now, noticeId) },
  });
  tx.put(`notice:${entry.userId}`, { Item: notice, ConditionExpression: 'attribute_not_exists(PK)' });
  tx.put(`offerJob:${entry.userId}`, { Item: offerJobItem(session.id, entry.userId, offer.until) });
}

/**
 * An offer made in quiet hours is told when they end (docs/FAIR-SIGNUP.md): the notice waits in the
 * pending index until then, its `leaseUntil` keeping the stream consumer off it (as notice-window.ts).
 */
function quietNoticeDelay(session: SessionRecord, now: Date, noticeId: string) {
  const at = offerNoticeAt(session, now);
  if (at.getTime() <= now.getTime()) return {};
  const leaseUntil = at.toISOString();
  return { leaseUntil, ...index.pendingOutbox(leaseUntil, noticeId) };
}

/** The sign-up job's marker for an offer's expiry (TABLE.md, "Fair sign-up"). */
export function offerJobItem(sessionId: string, userId: string, dueAt: string) {
  return signupJobCodec.encode({ type: 'signupJob', kind: 'offer', sessionId, userId, dueAt });
}

/**
 * Condition that the session still holds exactly the seat state (and the times and region
 * its index keys derive from) that was read, with sign-up closed. While closed nobody joins,
 * so any change of who holds a place also changes one of these.
 */
export function pinnedSeatState(session: SessionRecord) {
  return {
    ConditionExpression: [
      'bookingClosed = :true',
      'acceptedCount = :acceptedBefore',
      'remaining = :remainingBefore',
      '#capacity = :capacityBefore',
      'waitlist = :waitlistBefore',
      'startsAt = :startsBefore',
      '#region = :regionBefore',
    ].join(' AND '),
    ExpressionAttributeNames: { '#capacity': 'capacity', '#region': 'region' },
    ExpressionAttributeValues: {
      ':true': true,
      ':acceptedBefore': session.acceptedCount,
      ':remainingBefore': session.remaining,
      ':capacityBefore': session.capacity,
      ':waitlistBefore': session.waitlist,
      ':startsBefore': session.startsAt,
      ':regionBefore': session.region,
    },
  };
}
