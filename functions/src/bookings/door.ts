import { ADMIN_LIMITS } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { findReplay, IDEMPOTENCY_ITEM, type IdempotentRequest, recordAnswer } from '#db/idempotency.ts';
import { key } from '#db/keys.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { newOutboxItem } from '#outbox/model.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError, StoreBusyError } from '#platform/errors.ts';
import { BUSINESS_METRICS } from '#platform/metrics.ts';
import { isTransactionConflict, type RetryPolicy } from '#platform/retry.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { CONTENDED_RETRY, ContentionError, contended } from './contention.ts';
import { effectiveStatus } from './lottery.ts';
import type { PromoteOutcome, PromoteRequest, WalkInOutcome, WalkInRequest } from './model.ts';
import { checkMembership, ITEM, putBooking, takeSeats } from './seat-items.ts';
import { decodeEntry, waitlistIndex } from './waitlist.ts';

/**
 * The booking engine at the door (docs/ON-COURT.md, "At the door"): marking attendance and
 * undoing it, walk-ins (with one more place when none is free), and a waiting player moved up
 * by an admin. Each is one transaction under conditions that keep the booking invariants of
 * docs/ARCHITECTURE.md; `engine.ts` exposes them.
 */
export interface DoorDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  retry?: RetryPolicy;
  /** The engine's session reads, with its retry (app/factories.ts `bookingEngine`). */
  sessions: SessionRepository;
}

/**
 * Marks an accepted booking attended or absent, or unmarks it (`null`, 未點名: the first
 * check-in time goes with it, so a later check-in queues the player anew). Marking the value a
 * booking already has changes nothing but `updatedAt`-free attributes: it is idempotent.
 */
export async function markAttendance(
  deps: DoorDeps,
  sessionId: string,
  userId: string,
  attendance: 'attended' | 'absent' | null,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  const update =
    attendance === null
      ? { UpdateExpression: 'SET attendance = :attendance REMOVE checkedInAt', values: { ':attendance': null } }
      : {
          UpdateExpression: 'SET attendance = :attendance, checkedInAt = if_not_exists(checkedInAt, :now)',
          values: { ':attendance': attendance, ':now': now },
        };
  const tx = new Transaction(deps.store.tableName).update(ITEM.booking, {
    Key: key.booking(sessionId, userId),
    UpdateExpression: update.UpdateExpression,
    ConditionExpression: '#status = :accepted',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ...update.values, ':accepted': 'accepted' },
  });
  try {
    await runTransaction(deps.store, tx, deps.retry ?? CONTENDED_RETRY);
  } catch (error) {
    if (isTransactionConflict(error)) throw new StoreBusyError();
    if (error instanceof TransactionRefusedError) throw new DomainError('BOOKING_NOT_FOUND');
    throw error;
  }
}

/** The capacity after growing by `seats`, refused past the largest a session may have. */
function grownCapacity(session: SessionRecord, seats: number): number {
  const capacity = session.capacity + seats;
  if (capacity > ADMIN_LIMITS.maxCapacity) throw new DomainError('CAPACITY_AT_MAXIMUM');
  return capacity;
}

/**
 * Add a walk-in player at the door: accepted and attended at once, whatever the sign-up times or
 * closing say. It takes a free place under the same conditions as a join (a place left and
 * nobody waiting for it); with `raiseCapacity`, a session without such a place takes one more
 * player: capacity and accepted seats grow by one together, pinned to the seats read, so
 * `remaining` and everyone waiting are untouched. A blocked player is refused.
 */
export async function addWalkIn(deps: DoorDeps, request: WalkInRequest): Promise<WalkInOutcome> {
  const retry = deps.retry ?? CONTENDED_RETRY;
  const { sessions } = deps;
  const { player } = request;
  const claim = request.idempotencyKey
    ? {
        scope: request.idempotencyScope,
        operation: 'walkIn',
        key: request.idempotencyKey,
        request: {
          sessionId: request.sessionId,
          userId: player.userId,
          name: player.name,
          ...(request.raiseCapacity ? { raiseCapacity: true } : {}),
        },
      }
    : undefined;
  let read = request.read;
  return contended(async () => {
    // The reference's read serves the first attempt; a retry reads afresh.
    const session = read ?? (await sessions.require(request.sessionId, { consistent: true }));
    read = undefined;
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    const noPlace = session.remaining < 1 || session.waitlist.length > 0;
    if (noPlace && !request.raiseCapacity) {
      const replayed = claim ? await findReplay<WalkInOutcome>(deps.store, claim, retry) : null;
      if (replayed) return replayed;
      throw new DomainError('SESSION_FULL');
    }
    const outcome: WalkInOutcome = {
      sessionId: session.id,
      userId: player.userId,
      status: 'accepted',
      capacityRaised: noPlace,
    };
    const booking: BookingRecord & { addedBy: string } = {
      type: 'booking',
      sessionId: session.id,
      userId: player.userId,
      teamId: session.teamId,
      userName: player.name,
      pictureUrl: player.pictureUrl,
      status: 'accepted',
      partySize: 1,
      bookedAt: nowIso,
      acceptedAt: nowIso,
      attendance: 'attended',
      checkedInAt: nowIso,
      walkIn: true,
      startsAt: session.startsAt,
      addedBy: request.addedBy,
    };
    const tx = new Transaction(deps.store.tableName);
    if (noPlace) {
      const capacity = grownCapacity(session, 1);
      tx.count(BUSINESS_METRICS.bookings).update(ITEM.session, {
        Key: key.session(session.id),
        UpdateExpression: 'SET #capacity = :capacity, acceptedCount = acceptedCount + :one, updatedAt = :now',
        ConditionExpression: '#capacity = :capacityBefore AND remaining = :remaining AND startsAt = :startsAt',
        ExpressionAttributeNames: { '#capacity': 'capacity' },
        ExpressionAttributeValues: {
          ':capacity': capacity,
          ':capacityBefore': session.capacity,
          ':remaining': session.remaining,
          ':one': 1,
          ':now': nowIso,
          ':startsAt': session.startsAt,
        },
      });
    } else takeSeats(tx.count(BUSINESS_METRICS.bookings), session, 1, nowIso, false);
    putBooking(tx, booking);
    checkMembership(tx, session.teamId, player.userId, false);
    if (claim) recordAnswer(tx, claim, outcome, now);
    try {
      await runTransaction(deps.store, tx, retry);
      return outcome;
    } catch (error) {
      if (!(error instanceof TransactionRefusedError)) throw error;
      if (claim && error.failed(IDEMPOTENCY_ITEM)) return replay<WalkInOutcome>(deps, claim, retry);
      if (error.failed(ITEM.booking)) throw new DomainError('ALREADY_BOOKED');
      if (error.failed(ITEM.membership)) throw new DomainError('MEMBER_BLOCKED');
      throw new ContentionError();
    }
  }, retry);
}

/**
 * Moves a waiting player up at the door, out of the waitlist's order (the admin's call: they
 * are here). The party takes free places when it fits them (last-call places first, which are
 * open to everyone waiting), else the capacity grows by the party; with `checkIn` the player is
 * marked attended in the same transaction. The session update pins the whole seat state read
 * (waitlist, remaining, capacity, last-call places): any change meanwhile decides again. The
 * player's booking flips `waiting → accepted` under that status; a player not checked in gets
 * the ordinary "you have a place" notice. Invariants: seats stay within the (new) capacity, the
 * others keep their order without gaps, and nobody waits while a place they fit is free (the
 * free places only shrink; last-call places left with nobody waiting become free).
 */
export async function promoteWaiting(deps: DoorDeps, request: PromoteRequest): Promise<PromoteOutcome> {
  const retry = deps.retry ?? CONTENDED_RETRY;
  const { sessions } = deps;
  const { sessionId, userId, checkIn } = request;
  const claim = request.idempotencyKey
    ? {
        scope: request.idempotencyScope,
        operation: 'promote',
        key: request.idempotencyKey,
        request: { sessionId, userId, checkIn },
      }
    : undefined;
  let read = request.read;
  return contended(async () => {
    const { session, booking } = read ?? (await sessions.withBooking(sessionId, userId));
    read = undefined;
    const at = waitlistIndex(session.waitlist, userId);
    if (!booking || effectiveStatus(session, booking) !== 'waiting' || at < 0) {
      const replayed = claim ? await findReplay<PromoteOutcome>(deps.store, claim, retry) : null;
      if (replayed) return replayed;
      throw new DomainError('NOT_WAITING');
    }
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    const { partySize: party } = decodeEntry(session.waitlist[at]!);
    const lastCall = session.lastCallSeats ?? 0;
    const fits = party <= session.remaining + lastCall;
    const fromLastCall = fits ? Math.min(party, lastCall) : 0;
    const raised = fits ? 0 : party;
    const capacity = raised ? grownCapacity(session, raised) : session.capacity;
    const waitlist = session.waitlist.filter((_, i) => i !== at);
    let remaining = session.remaining - (fits ? party - fromLastCall : 0);
    let lastCallAfter = lastCall - fromLastCall;
    // Nobody left waiting: last-call places open to the waitlist become free for anyone (last-call.ts).
    if (waitlist.length === 0) [remaining, lastCallAfter] = [remaining + lastCallAfter, 0];
    const outcome: PromoteOutcome = {
      sessionId,
      userId,
      status: 'accepted',
      attendance: checkIn ? 'attended' : null,
      capacityRaised: raised,
    };

    const tx = new Transaction(deps.store.tableName);
    tx.count(BUSINESS_METRICS.promotions).update(ITEM.session, {
      Key: key.session(sessionId),
      UpdateExpression: [
        'SET waitlist = :waitlist, waitingCount = :waitingCount, remaining = :remaining,',
        'acceptedCount = acceptedCount + :party, #capacity = :capacity, lastCallSeats = :lastCall, updatedAt = :now',
      ].join(' '),
      ConditionExpression: [
        'waitlist = :waitlistBefore',
        'remaining = :remainingBefore',
        '#capacity = :capacityBefore',
        lastCall ? 'lastCallSeats = :lastCallBefore' : '(attribute_not_exists(lastCallSeats) OR lastCallSeats = :zero)',
      ].join(' AND '),
      ExpressionAttributeNames: { '#capacity': 'capacity' },
      ExpressionAttributeValues: {
        ':waitlist': waitlist,
        ':waitingCount': waitlist.length,
        ':remaining': remaining,
        ':party': party,
        ':capacity': capacity,
        ':lastCall': lastCallAfter,
        ':now': nowIso,
        ':waitlistBefore': session.waitlist,
        ':remainingBefore': session.remaining,
        ':capacityBefore': session.capacity,
        ...(lastCall ? { ':lastCallBefore': lastCall } : { ':zero': 0 }),
      },
    });
    tx.update(ITEM.booking, {
      Key: key.booking(sessionId, userId),
      UpdateExpression: [
        'SET #status = :accepted, acceptedAt = :now, promotedAt = :now, promotedBy = :admin',
        checkIn ? ', attendance = :attended, checkedInAt = :now' : '',
      ].join(''),
      // `entered`: drawn onto the waitlist by the lottery, row not settled yet (draw.ts).
      ConditionExpression: '#status IN (:waiting, :entered)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':accepted': 'accepted',
        ':waiting': 'waiting',
        ':entered': 'entered',
        ':now': nowIso,
        ':admin': request.promotedBy,
        ...(checkIn ? { ':attended': 'attended' } : {}),
      },
    });
    if (!checkIn) {
      const notice = newOutboxItem({ id: deps.ids(), kind: 'promoted', reason: 'movedUp', userId, sessionId, now });
      tx.put(`notice:${userId}`, { Item: notice, ConditionExpression: 'attribute_not_exists(PK)' });
    }
    if (claim) recordAnswer(tx, claim, outcome, now);
    try {
      await runTransaction(deps.store, tx, retry);
      return outcome;
    } catch (error) {
      if (!(error instanceof TransactionRefusedError)) throw error;
      if (claim && error.failed(IDEMPOTENCY_ITEM)) return replay<PromoteOutcome>(deps, claim, retry);
      throw new ContentionError();
    }
  }, retry);
}

/** The answer stored by the first request with this key (a retry after a lost answer). */
async function replay<T>(deps: DoorDeps, claim: IdempotentRequest, retry: RetryPolicy): Promise<T> {
  const replayed = await findReplay<T>(deps.store, claim, retry);
  if (!replayed) throw new ContentionError();
  return replayed;
}
