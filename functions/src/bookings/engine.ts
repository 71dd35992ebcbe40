import type { Store } from '#db/client.ts';
import { sessionCodec } from '#db/codecs/sessions.ts';
import { memberCodec } from '#db/codecs/teams.ts';
import { findReplay, IDEMPOTENCY_ITEM, type IdempotentRequest, recordAnswer } from '#db/idempotency.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { BUSINESS_METRICS } from '#platform/metrics.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { asContention, CONTENDED_RETRY, ContentionError, contended } from './contention.ts';
import { addWalkIn, type DoorDeps, markAttendance, promoteWaiting } from './door.ts';
import { addEntry, drawLottery, leaveLottery } from './draw.ts';
import type { LevelGate } from './level-gate.ts';
import { drawIsDue, effectiveStatus, takesEntries } from './lottery.ts';
import type {
  CancelOutcome,
  CancelRequest,
  JoinOutcome,
  JoinRequest,
  PromoteOutcome,
  PromoteRequest,
  WalkInOutcome,
  WalkInRequest,
} from './model.ts';
import { acceptOffer, declineOffer, type OfferDeps } from './offers.ts';
import { assertCanCancel, assertCanJoin } from './rules.ts';
import {
  appendToWaitlist,
  cancelBooking,
  checkMembership,
  ITEM,
  leaveWaitlist,
  putBooking,
  releaseSeats,
  takeSeats,
} from './seat-items.ts';
import { type WaitlistEntry, waitlistIndex } from './waitlist.ts';

export type {
  CancelOutcome,
  CancelRequest,
  JoinOutcome,
  JoinRequest,
  Player,
  PromoteOutcome,
  PromoteRequest,
  WalkInOutcome,
  WalkInRequest,
} from './model.ts';
export type { ReleaseReason } from './seat-items.ts';

export interface BookingEngineDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  retry?: RetryPolicy;
  /**
   * A self-join's level check against the session's range (`level-gate.ts`); given where players
   * join (the member API, LINE postbacks). Admins adding players are not checked.
   */
  levelGate?: LevelGate;
  /** Read with the same retry (app/factories.ts `bookingEngine`). */
  sessions: SessionRepository;
}

/**
 * The booking engine: every change to a session's seats and waitlist goes through here, as
 * one DynamoDB transaction guarded by conditions on the session item (docs/ARCHITECTURE.md,
 * "Booking invariants"). Rules decide from a consistent read (`rules.ts`), the items and their
 * conditions are built in `seat-items.ts`, and a refusal is decoded by item name.
 */
export class BookingEngine {
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly ids: IdGenerator;
  private readonly retry: RetryPolicy;
  private readonly sessions: SessionRepository;
  private readonly levelGate: LevelGate | undefined;

  constructor(deps: BookingEngineDeps) {
    this.levelGate = deps.levelGate;
    this.store = deps.store;
    this.clock = deps.clock;
    this.ids = deps.ids;
    this.retry = deps.retry ?? CONTENDED_RETRY;
    this.sessions = deps.sessions;
  }

  /**
   * Reserve a place, or a place on the waitlist. Normal path: one consistent read and one
   * transaction (two if the seat path lost a race), so at most three DynamoDB calls.
   */
  async join(request: JoinRequest): Promise<JoinOutcome> {
    const claim = request.idempotencyKey
      ? {
          scope: request.player.userId,
          operation: 'join',
          key: request.idempotencyKey,
          request: { sessionId: request.sessionId, partySize: request.partySize },
        }
      : undefined;
    let read = request.read;
    let levelChecked = false;
    return contended(async () => {
      // The reference's read serves the first attempt; a retry reads afresh.
      const session = read ?? (await this.sessions.require(request.sessionId, { consistent: true }));
      read = undefined;
      const now = this.clock.now();
      if (drawIsDue(session, now)) {
        // Joins after the window queue behind the drawn entries: run the (exactly-once) draw first.
        await drawLottery(this.store, session, now, this.retry);
        throw new ContentionError();
      }
      assertCanJoin(session, now);
      if (!levelChecked) {
        // The range and the player's level do not move with the seats: checked once, not per retry.
        await this.levelGate?.check(session, request.player.userId);
        levelChecked = true;
      }
      if (takesEntries(session, now)) return await this.writeJoin(session, request, 'entered', now, claim);
      const fitsNow = session.waitlist.length === 0 && session.remaining >= request.partySize;
      const first: JoinOutcome['status'] = fitsNow ? 'accepted' : 'waiting';
      try {
        return await this.writeJoin(session, request, first, now, claim);
      } catch (error) {
        if (!(error instanceof ContentionError)) throw error;
        // The seat state moved between read and write: the other path is now the right one.
        return await this.writeJoin(session, request, first === 'accepted' ? 'waiting' : 'accepted', now, claim);
      }
    }, this.retry);
  }

  private async writeJoin(
    session: SessionRecord,
    request: JoinRequest,
    status: JoinOutcome['status'],
    now: Date,
    claim: IdempotentRequest | undefined,
    pinPosition = true,
  ): Promise<JoinOutcome> {
    const nowIso = now.toISOString();
    const { player, partySize } = request;
    // A waiting answer names the place: the append is pinned to the list's length as read.
    const pinned = status === 'waiting' && pinPosition;
    const outcome: JoinOutcome = {
      sessionId: session.id,
      status,
      ...(pinned ? { position: session.waitlist.length + 1 } : {}),
    };
    const tx = new Transaction(this.store.tableName);
    if (status === 'accepted') takeSeats(tx.count(BUSINESS_METRICS.bookings), session, partySize, nowIso);
    else if (status === 'entered') addEntry(tx, session, { userId: player.userId, partySize }, nowIso);
    else appendToWaitlist(tx, session, { userId: player.userId, partySize }, nowIso, pinned);
    // Before sign-up opens only the team's members join (member priority window, docs/FAIR-SIGNUP.md).
    const early = now.getTime() < Date.parse(session.signupOpensAt);
    putBooking(tx, {
      type: 'booking',
      sessionId: session.id,
      userId: player.userId,
      teamId: session.teamId,
      userName: player.name,
      pictureUrl: player.pictureUrl,
      status,
      partySize,
      bookedAt: nowIso,
      ...(status === 'accepted' ? { acceptedAt: nowIso } : {}),
      attendance: null,
      startsAt: session.startsAt,
    });
    checkMembership(tx, session.teamId, player.userId, !session.isPublic || early, nowIso);
    if (claim) recordAnswer(tx, claim, outcome, now);

    try {
      await runTransaction(this.store, tx, this.retry);
      return outcome;
    } catch (error) {
      if (!(error instanceof TransactionRefusedError)) throw error;
      if (claim && error.failed(IDEMPOTENCY_ITEM)) return this.replay<JoinOutcome>(claim);
      if (error.failed(ITEM.booking)) throw new DomainError('ALREADY_BOOKED');
      if (error.failed(ITEM.membership)) {
        const member = error.item(ITEM.membership, memberCodec);
        if (member && !member.blocked && member.suspendedUntil && member.suspendedUntil > nowIso)
          throw new DomainError(
            'MEMBER_SUSPENDED',
            `Booking with this team is suspended until ${member.suspendedUntil}`,
          );
        if (!member && early) throw new DomainError('SIGNUP_NOT_OPEN');
        throw new DomainError(member?.blocked ? 'MEMBER_BLOCKED' : 'TEAM_ONLY');
      }
      if (error.failed(ITEM.session)) {
        const current = error.item(ITEM.session, sessionCodec);
        if (!current) throw new DomainError('SESSION_NOT_FOUND');
        if (current.bookingClosed) throw new DomainError('BOOKING_CLOSED');
        const stillWaits = current.waitlist.length > 0 || current.remaining < partySize;
        if (pinned && stillWaits && current.startsAt === session.startsAt) {
          // Others joined the line meanwhile: join it unpinned (the answer then leaves the place to the detail).
          return this.writeJoin(session, request, status, now, claim, false);
        }
        throw new ContentionError();
      }
      throw error;
    }
  }

  /** Cancel a booking; a freed place promotes the waitlist head in the same transaction. */
  async cancel(request: CancelRequest): Promise<CancelOutcome> {
    const claim = request.idempotencyKey
      ? {
          scope: request.userId,
          operation: 'cancel',
          key: request.idempotencyKey,
          request: { sessionId: request.sessionId },
        }
      : undefined;
    let read = request.read;
    return contended(async () => {
      const { session, booking } = read ?? (await this.sessions.withBooking(request.sessionId, request.userId));
      read = undefined;
      if (!booking || booking.status === 'cancelled') {
        const replayed = claim ? await findReplay<CancelOutcome>(this.store, claim, this.retry) : null;
        if (replayed) return replayed;
        throw new DomainError('BOOKING_NOT_FOUND');
      }
      const now = this.clock.now();
      // An offered place ends like a decline: it passes to the next in order (offers.ts).
      if (booking.status === 'offered') return declineOffer(this.offerDeps, request.sessionId, request.userId);
      if (!request.byAdmin) assertCanCancel(session, booking, now);
      if (booking.attendance && request.byAdmin) throw new DomainError('ALREADY_CHECKED_IN');

      const nowIso = now.toISOString();
      const tx = new Transaction(this.store.tableName);
      cancelBooking(tx, booking, nowIso);
      let promoted: WaitlistEntry[] = [];
      const status = effectiveStatus(session, booking);
      if (status === 'entered') {
        const at = waitlistIndex(session.lotteryEntries ?? [], booking.userId);
        if (at < 0) throw new ContentionError();
        leaveLottery(tx, session, at, nowIso);
      } else if (status === 'waiting') {
        const at = waitlistIndex(session.waitlist, booking.userId);
        if (at < 0) throw new ContentionError();
        // A head whose party did not fit leaves: those behind it that fit the free seats move up.
        if (at === 0 && session.remaining > 0) {
          promoted = releaseSeats(
            tx,
            session,
            { freedSeats: 0, reason: 'cancellation', headLeaves: true },
            now,
            this.ids,
          );
        } else leaveWaitlist(tx, session, at, nowIso);
      } else {
        const reason = request.byAdmin ? 'playerRemoved' : 'cancellation';
        promoted = releaseSeats(tx, session, { freedSeats: booking.partySize, reason }, now, this.ids);
      }
      const outcome: CancelOutcome = { sessionId: session.id, cancelled: true, promoted: promoted.length > 0 };
      if (claim) recordAnswer(tx, claim, outcome, now);
      try {
        await runTransaction(this.store, tx, this.retry);
      } catch (error) {
        if (claim && error instanceof TransactionRefusedError && error.failed(IDEMPOTENCY_ITEM)) {
          return this.replay<CancelOutcome>(claim);
        }
        asContention(error);
      }
      return outcome;
    }, this.retry);
  }

  /**
   * Change a session's capacity. Raising it promotes waiting players in order; lowering it
   * below the places already taken is refused.
   */
  async changeCapacity(sessionId: string, capacity: number): Promise<{ promoted: number }> {
    return contended(async () => {
      const session = await this.sessions.require(sessionId, { consistent: true });
      if (capacity < session.acceptedCount) throw new DomainError('CAPACITY_BELOW_ACCEPTED');
      const tx = new Transaction(this.store.tableName);
      const change = {
        freedSeats: capacity - session.capacity,
        newCapacity: capacity,
        reason: 'capacityRaised',
      } as const;
      const promoted = releaseSeats(tx, session, change, this.clock.now(), this.ids);
      await runTransaction(this.store, tx, this.retry).catch(asContention);
      return { promoted: promoted.length };
    }, this.retry);
  }

  /**
   * Mark a booked player attended or absent, or unmark them (`null`, docs/ON-COURT.md "At the
   * door"); marking again with the same value changes nothing.
   */
  checkIn(sessionId: string, userId: string, attendance: 'attended' | 'absent' | null): Promise<void> {
    return markAttendance(this.doorDeps, sessionId, userId, attendance);
  }

  /**
   * Add a walk-in player at the door: accepted and attended at once, whatever the sign-up
   * times or closing say; a free place, or one more with `raiseCapacity` (door.ts).
   */
  addWalkIn(request: WalkInRequest): Promise<WalkInOutcome> {
    return addWalkIn(this.doorDeps, request);
  }

  /** Move a waiting player up at the door, into a free place or one more (door.ts). */
  promote(request: PromoteRequest): Promise<PromoteOutcome> {
    return promoteWaiting(this.doorDeps, request);
  }

  private get doorDeps(): DoorDeps {
    return { store: this.store, clock: this.clock, ids: this.ids, retry: this.retry, sessions: this.sessions };
  }

  /** Take the place offered to the player (docs/FAIR-SIGNUP.md). */
  acceptOffer(sessionId: string, userId: string, read?: CancelRequest['read']) {
    return acceptOffer(this.offerDeps, sessionId, userId, read);
  }

  /** Decline the place offered to the player; it passes to the next in order. */
  declineOffer(sessionId: string, userId: string, read?: CancelRequest['read']) {
    return declineOffer(this.offerDeps, sessionId, userId, read);
  }

  private get offerDeps(): OfferDeps {
    return { store: this.store, clock: this.clock, ids: this.ids, retry: this.retry, sessions: this.sessions };
  }

  /** The answer stored by the first request with this key (a retry after a lost answer). */
  private async replay<T>(claim: IdempotentRequest): Promise<T> {
    const replayed = await findReplay<T>(this.store, claim, this.retry);
    if (!replayed) throw new ContentionError();
    return replayed;
  }
}
