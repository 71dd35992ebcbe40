import { index, key } from '#db/keys.ts';
import type { Transaction } from '#db/transaction.ts';
import { newGroupOutboxItem, newOutboxItem } from '#outbox/model.ts';
import type { IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { encodeEntry, planRelease, type WaitlistEntry } from './waitlist.ts';

/**
 * The DynamoDB items of the booking engine's transactions, each under the name the engine
 * decodes a refusal by. Every condition here is one of the booking invariants of
 * docs/ARCHITECTURE.md ("Booking invariants"); TABLE.md lists what each item pins.
 */

/** Why a place was freed; it becomes the notification reason of each promoted player. */
export type ReleaseReason = 'cancellation' | 'capacityRaised' | 'playerRemoved';

/** Item names used in the engine's transactions. */
export const ITEM = {
  session: 'session',
  booking: 'booking',
  membership: 'membership',
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

/** Appends the joiner to the waitlist: only while the party does not fit or others already wait. */
export function appendToWaitlist(
  tx: Transaction,
  session: SessionRecord,
  entry: WaitlistEntry,
  nowIso: string,
): Transaction {
  return tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression:
      'SET waitlist = list_append(waitlist, :entry), waitingCount = waitingCount + :one, updatedAt = :now',
    ConditionExpression:
      '(remaining < :party OR size(waitlist) > :zero) AND bookingClosed = :false AND startsAt = :startsAt',
    ExpressionAttributeValues: {
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

/** Removes a waiting player at the position that was read; fails if the list moved. */
export function leaveWaitlist(tx: Transaction, session: SessionRecord, at: number, nowIso: string): Transaction {
  return tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression: `REMOVE waitlist[${at}] SET waitingCount = waitingCount - :one, updatedAt = :now`,
    ConditionExpression: `waitlist[${at}] = :entry`,
    ExpressionAttributeValues: { ':entry': session.waitlist[at], ':one': 1, ':now': nowIso },
  });
}

/** The player's one booking row of the session: new, or replacing a cancelled one. */
export function putBooking(tx: Transaction, booking: BookingRecord & { addedBy?: string }): Transaction {
  return tx.put(ITEM.booking, {
    Item: {
      ...key.booking(booking.sessionId, booking.userId),
      ...index.bookingsOfUser(booking.userId, booking.startsAt, booking.sessionId),
      ...booking,
    },
    ConditionExpression: 'attribute_not_exists(PK) OR #status = :cancelled',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':cancelled': 'cancelled' },
  });
}

/** Blocked players never book; team-only sessions (when `teamOnly`) need a membership. */
export function checkMembership(tx: Transaction, teamId: string, userId: string, teamOnly: boolean): Transaction {
  return tx.check(ITEM.membership, {
    Key: key.teamMember(teamId, userId),
    ConditionExpression: teamOnly
      ? 'attribute_exists(PK) AND blocked = :false'
      : 'attribute_not_exists(PK) OR blocked = :false',
    ExpressionAttributeValues: { ':false': false },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  });
}

/** Marks the booking cancelled, only from the status that was read and before check-in. */
export function cancelBooking(tx: Transaction, booking: BookingRecord, nowIso: string): Transaction {
  return tx.update(ITEM.booking, {
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
  change: { freedSeats: number; newCapacity?: number; reason: ReleaseReason },
  now: Date,
  ids: IdGenerator,
): WaitlistEntry[] {
  const { freedSeats, newCapacity, reason } = change;
  if (session.remaining + freedSeats < 0) throw new DomainError('CAPACITY_BELOW_ACCEPTED');
  const plan = planRelease(session.waitlist, session.remaining, freedSeats);
  const promotedSeats = plan.promoted.reduce((sum, e) => sum + e.partySize, 0);
  const nowIso = now.toISOString();
  const capacityChange = newCapacity !== undefined;
  const k = plan.promoted.length;

  const removes = plan.promoted.map((_, i) => `waitlist[${i}]`);
  const heads = Object.fromEntries(plan.promoted.map((e, i) => [`:head${i}`, encodeEntry(e)]));
  const headConditions = plan.promoted.map((_, i) => `waitlist[${i}] = :head${i}`);
  const blocker = session.waitlist[k];
  const stopCondition = blocker === undefined ? 'size(waitlist) = :promotedCount' : `waitlist[${k}] = :blocker`;
  const acceptedDelta = (capacityChange ? 0 : -freedSeats) + promotedSeats;

  tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression: [
      'SET remaining = :remainingAfter, acceptedCount = acceptedCount + :acceptedDelta,',
      'waitingCount = waitingCount - :promotedCount, updatedAt = :now',
      capacityChange ? ', #capacity = :capacity' : '',
      removes.length ? ` REMOVE ${removes.join(', ')}` : '',
    ].join(' '),
    ConditionExpression: [
      'remaining = :remainingBefore',
      '#capacity = :capacityBefore',
      ...headConditions,
      stopCondition,
    ].join(' AND '),
    ExpressionAttributeNames: { '#capacity': 'capacity' },
    ExpressionAttributeValues: {
      ':remainingAfter': plan.remainingAfter,
      ':acceptedDelta': acceptedDelta,
      ':promotedCount': k,
      ':remainingBefore': session.remaining,
      ':capacityBefore': session.capacity,
      ':now': nowIso,
      ...(capacityChange ? { ':capacity': newCapacity } : {}),
      ...(blocker === undefined ? {} : { ':blocker': blocker }),
      ...heads,
    },
  });

  for (const entry of plan.promoted) {
    tx.update(`promoted:${entry.userId}`, {
      Key: key.booking(session.id, entry.userId),
      UpdateExpression: 'SET #status = :accepted, acceptedAt = :now, promotedAt = :now',
      ConditionExpression: '#status = :waiting',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':accepted': 'accepted', ':waiting': 'waiting', ':now': nowIso },
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
