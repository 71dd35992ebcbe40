import { randomUUID } from 'node:crypto';
import { type CancellationReason, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { taipeiMonth } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { index, key, prefix, sessionIndexKeys, ttlAt } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError, StoreBusyError, ValidationError } from '#platform/errors.ts';
import { isTransientStoreError, type RetryPolicy, withRetry } from '#platform/retry.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { assertCanCancel, assertCanJoin } from './rules.ts';
import { encodeEntry, planRelease, type WaitlistEntry, waitlistIndex } from './waitlist.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Player {
  userId: string;
  name: string;
  pictureUrl: string;
}

export interface JoinRequest {
  sessionId: string;
  player: Player;
  partySize: number;
  idempotencyKey?: string;
}

export interface JoinOutcome {
  sessionId: string;
  status: 'accepted' | 'waiting';
}

export interface CancelRequest {
  sessionId: string;
  userId: string;
  idempotencyKey?: string;
  /** Admins remove players at any time; players are bound by the cancellation rules. */
  byAdmin?: boolean;
}

export interface CancelOutcome {
  sessionId: string;
  cancelled: true;
  promoted: boolean;
}

/** Why a place was freed; it becomes the notification kind of each promoted player. */
export type ReleaseReason = 'cancellation' | 'capacityRaised' | 'playerRemoved';

/**
 * A join whose winning path changed between read and write (a seat freed or filled); it is
 * decided again from a fresh read. Counted against the same bounded retry budget.
 */
class ContentionError extends Error {
  override name = 'ContentionError';
}

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
const OUTBOX_TTL_SECONDS = 30 * 24 * 3600;
/** Retries under logical contention (index or counter moved) plus injected transient faults. */
const CONTENDED_RETRY: RetryPolicy = { attempts: 30, baseDelayMs: 10, maxDelayMs: 300 };

export interface BookingEngineDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  retry?: RetryPolicy;
}

/**
 * The booking engine: every change to a session's seats and waitlist goes through here, as
 * one DynamoDB transaction guarded by conditions on the session item. See DESIGN §4.
 */
export class BookingEngine {
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly ids: IdGenerator;
  private readonly retry: RetryPolicy;

  constructor(deps: BookingEngineDeps) {
    this.store = deps.store;
    this.clock = deps.clock;
    this.ids = deps.ids;
    this.retry = deps.retry ?? CONTENDED_RETRY;
  }

  /**
   * Reserve a place, or a place on the waitlist. Normal path: one consistent read and one
   * transaction (two if the seat path lost a race), so at most three DynamoDB calls.
   */
  async join(request: JoinRequest): Promise<JoinOutcome> {
    return this.contended(() => this.attemptJoin(request));
  }

  private async attemptJoin(request: JoinRequest): Promise<JoinOutcome> {
    const session = await this.readSession(request.sessionId);
    const now = this.clock.now();
    assertCanJoin(session, now);

    const fitsNow = session.waitlist.length === 0 && session.remaining >= request.partySize;
    const first: JoinOutcome['status'] = fitsNow ? 'accepted' : 'waiting';
    try {
      return await this.writeJoin(session, request, first, now);
    } catch (error) {
      if (!(error instanceof ContentionError)) throw error;
      // The seat state moved between read and write: the other path is now the right one.
      return await this.writeJoin(session, request, first === 'accepted' ? 'waiting' : 'accepted', now);
    }
  }

  private async writeJoin(
    session: SessionRecord,
    request: JoinRequest,
    status: JoinOutcome['status'],
    now: Date,
  ): Promise<JoinOutcome> {
    const nowIso = now.toISOString();
    const { player, partySize } = request;
    const outcome: JoinOutcome = { sessionId: session.id, status };

    const sessionUpdate: TransactItem =
      status === 'accepted'
        ? {
            Update: {
              TableName: this.store.tableName,
              Key: key.session(session.id),
              UpdateExpression:
                'SET remaining = remaining - :party, acceptedCount = acceptedCount + :party, updatedAt = :now',
              // startsAt: a booking copies the start time it read; an admin may have moved it since.
              ConditionExpression:
                'remaining >= :party AND size(waitlist) = :zero AND bookingClosed = :false AND startsAt = :startsAt',
              ExpressionAttributeValues: {
                ':party': partySize,
                ':zero': 0,
                ':false': false,
                ':now': nowIso,
                ':startsAt': session.startsAt,
              },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          }
        : {
            Update: {
              TableName: this.store.tableName,
              Key: key.session(session.id),
              UpdateExpression:
                'SET waitlist = list_append(waitlist, :entry), waitingCount = waitingCount + :one, updatedAt = :now',
              ConditionExpression:
                '(remaining < :party OR size(waitlist) > :zero) AND bookingClosed = :false AND startsAt = :startsAt',
              ExpressionAttributeValues: {
                ':entry': [encodeEntry({ userId: player.userId, partySize })],
                ':one': 1,
                ':party': partySize,
                ':zero': 0,
                ':false': false,
                ':now': nowIso,
                ':startsAt': session.startsAt,
              },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          };

    const booking: BookingRecord = {
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
    };

    const items: TransactItem[] = [
      sessionUpdate,
      {
        Put: {
          TableName: this.store.tableName,
          Item: {
            ...key.booking(session.id, player.userId),
            ...index.bookingsOfUser(player.userId, session.startsAt, session.id),
            ...booking,
          },
          ConditionExpression: 'attribute_not_exists(PK) OR #status = :cancelled',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':cancelled': 'cancelled' },
        },
      },
      // Blocked players never book; team-only sessions need a membership.
      {
        ConditionCheck: {
          TableName: this.store.tableName,
          Key: key.teamMember(session.teamId, player.userId),
          ConditionExpression: session.isPublic
            ? 'attribute_not_exists(PK) OR blocked = :false'
            : 'attribute_exists(PK) AND blocked = :false',
          ExpressionAttributeValues: { ':false': false },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    ];
    const idem = this.idempotencyPut(player.userId, 'join', request.idempotencyKey, session.id, outcome, now);
    if (idem) items.push(idem);

    try {
      await this.transactWrite(items);
      return outcome;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException) || isTransientStoreError(error)) throw error;
      const reasons = error.CancellationReasons ?? [];
      if (idem && failed(reasons[3])) {
        return this.replay<JoinOutcome>(player.userId, 'join', request.idempotencyKey!, session.id);
      }
      if (failed(reasons[1])) throw new DomainError('ALREADY_BOOKED');
      if (failed(reasons[2])) {
        const member = itemOf(reasons[2]);
        throw new DomainError(member?.blocked ? 'MEMBER_BLOCKED' : 'TEAM_ONLY');
      }
      if (failed(reasons[0])) {
        const current = itemOf(reasons[0]) as SessionRecord | undefined;
        if (!current) throw new DomainError('SESSION_NOT_FOUND');
        if (current.bookingClosed) throw new DomainError('BOOKING_CLOSED');
        throw new ContentionError();
      }
      throw error;
    }
  }

  /** Cancel a booking; a freed place promotes the waitlist head in the same transaction. */
  async cancel(request: CancelRequest): Promise<CancelOutcome> {
    return this.contended(async () => {
      const { session, booking } = await this.readSessionAndBooking(request.sessionId, request.userId);
      if (!booking || booking.status === 'cancelled') {
        if (request.idempotencyKey) {
          const replayed = await this.findReplay<CancelOutcome>(
            request.userId,
            'cancel',
            request.idempotencyKey,
            session.id,
          );
          if (replayed) return replayed;
        }
        throw new DomainError('BOOKING_NOT_FOUND');
      }
      const now = this.clock.now();
      if (!request.byAdmin) assertCanCancel(session, booking, now);
      if (booking.attendance && request.byAdmin) throw new DomainError('ALREADY_CHECKED_IN');

      const nowIso = now.toISOString();
      const items: TransactItem[] = [
        {
          Update: {
            TableName: this.store.tableName,
            Key: key.booking(session.id, booking.userId),
            UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now',
            ConditionExpression: '#status = :was AND (attribute_not_exists(attendance) OR attendance = :null)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':cancelled': 'cancelled',
              ':now': nowIso,
              ':was': booking.status,
              ':null': null,
            },
          },
        },
      ];

      let promoted: WaitlistEntry[] = [];
      if (booking.status === 'waiting') {
        const at = waitlistIndex(session.waitlist, booking.userId);
        if (at < 0) throw new ContentionError();
        items.push({
          Update: {
            TableName: this.store.tableName,
            Key: key.session(session.id),
            UpdateExpression: `REMOVE waitlist[${at}] SET waitingCount = waitingCount - :one, updatedAt = :now`,
            ConditionExpression: `waitlist[${at}] = :entry`,
            ExpressionAttributeValues: { ':entry': session.waitlist[at], ':one': 1, ':now': nowIso },
          },
        });
      } else {
        const release = this.releaseItems(
          session,
          booking.partySize,
          0,
          request.byAdmin ? 'playerRemoved' : 'cancellation',
          now,
        );
        promoted = release.promoted;
        items.push(...release.items);
      }

      const outcome: CancelOutcome = { sessionId: session.id, cancelled: true, promoted: promoted.length > 0 };
      const idem = this.idempotencyPut(request.userId, 'cancel', request.idempotencyKey, session.id, outcome, now);
      if (idem) items.push(idem);
      await this.transact(items);
      return outcome;
    });
  }

  /**
   * Change a session's capacity. Raising it promotes waiting players in order; lowering it
   * below the places already taken is refused.
   */
  async changeCapacity(sessionId: string, capacity: number): Promise<{ promoted: number }> {
    return this.contended(async () => {
      const session = await this.readSession(sessionId);
      if (capacity < session.acceptedCount) throw new DomainError('CAPACITY_BELOW_ACCEPTED');
      const now = this.clock.now();
      const release = this.releaseItems(session, capacity - session.capacity, capacity, 'capacityRaised', now);
      await this.transact(release.items);
      return { promoted: release.promoted.length };
    });
  }

  /** Mark a booked player attended or absent; marking again with the same value changes nothing. */
  async checkIn(sessionId: string, userId: string, attendance: 'attended' | 'absent'): Promise<void> {
    const now = this.clock.now().toISOString();
    try {
      await this.transactWrite([
        {
          Update: {
            TableName: this.store.tableName,
            Key: key.booking(sessionId, userId),
            UpdateExpression: 'SET attendance = :attendance, checkedInAt = if_not_exists(checkedInAt, :now)',
            ConditionExpression: '#status = :accepted',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':attendance': attendance, ':accepted': 'accepted', ':now': now },
          },
        },
      ]);
    } catch (error) {
      if (isTransientStoreError(error)) throw new StoreBusyError();
      if (error instanceof TransactionCanceledException) throw new DomainError('BOOKING_NOT_FOUND');
      throw error;
    }
  }

  /**
   * The session update (and promotions) for `freedSeats` places coming free. The conditions
   * pin the seat state that was read, so two releases never promote the same head and a
   * player who joined the waitlist meanwhile is never skipped.
   */
  private releaseItems(
    session: SessionRecord,
    freedSeats: number,
    newCapacity: number,
    reason: ReleaseReason,
    now: Date,
  ): { items: TransactItem[]; promoted: WaitlistEntry[] } {
    if (session.remaining + freedSeats < 0) throw new DomainError('CAPACITY_BELOW_ACCEPTED');
    const plan = planRelease(session.waitlist, session.remaining, freedSeats);
    const promotedSeats = plan.promoted.reduce((sum, e) => sum + e.partySize, 0);
    const nowIso = now.toISOString();
    const capacityChange = reason === 'capacityRaised';

    const removes = plan.promoted.map((_, i) => `waitlist[${i}]`);
    const heads = Object.fromEntries(plan.promoted.map((e, i) => [`:head${i}`, encodeEntry(e)]));
    const headConditions = plan.promoted.map((_, i) => `waitlist[${i}] = :head${i}`);

    const sessionUpdate: TransactItem = {
      Update: {
        TableName: this.store.tableName,
        Key: key.session(session.id),
        UpdateExpression: [
          'SET remaining = :remainingAfter, acceptedCount = :acceptedAfter, waitingCount = :waitingAfter, updatedAt = :now',
          capacityChange ? ', #capacity = :capacity' : '',
          removes.length ? ` REMOVE ${removes.join(', ')}` : '',
        ].join(''),
        ConditionExpression: [
          'remaining = :remainingBefore',
          'size(waitlist) = :waitingBefore',
          '#capacity = :capacityBefore',
          ...headConditions,
        ].join(' AND '),
        ExpressionAttributeNames: { '#capacity': 'capacity' },
        ExpressionAttributeValues: {
          ':remainingAfter': plan.remainingAfter,
          ':acceptedAfter': session.acceptedCount - (capacityChange ? 0 : freedSeats) + promotedSeats,
          ':waitingAfter': session.waitlist.length - plan.promoted.length,
          ':remainingBefore': session.remaining,
          ':waitingBefore': session.waitlist.length,
          ':capacityBefore': session.capacity,
          ':now': nowIso,
          ...(capacityChange ? { ':capacity': newCapacity } : {}),
          ...heads,
        },
      },
    };

    const promotions = plan.promoted.flatMap((entry): TransactItem[] => {
      const outboxId = this.ids();
      return [
        {
          Update: {
            TableName: this.store.tableName,
            Key: key.booking(session.id, entry.userId),
            UpdateExpression: 'SET #status = :accepted, acceptedAt = :now, promotedAt = :now',
            ConditionExpression: '#status = :waiting',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':accepted': 'accepted', ':waiting': 'waiting', ':now': nowIso },
          },
        },
        {
          Put: {
            TableName: this.store.tableName,
            Item: {
              ...key.outbox(outboxId),
              ...index.pendingOutbox(nowIso, outboxId),
              type: 'outbox',
              id: outboxId,
              kind: 'promoted',
              reason,
              userId: entry.userId,
              sessionId: session.id,
              createdAt: nowIso,
              ttl: ttlAt(now, OUTBOX_TTL_SECONDS),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ];
    });

    return { items: [sessionUpdate, ...promotions], promoted: plan.promoted };
  }

  private idempotencyPut(
    userId: string,
    operation: string,
    idempotencyKey: string | undefined,
    requestFingerprint: string,
    response: unknown,
    now: Date,
  ): TransactItem | null {
    if (!idempotencyKey) return null;
    return {
      Put: {
        TableName: this.store.tableName,
        Item: {
          ...key.idempotency(`${userId}:${operation}`, idempotencyKey),
          type: 'idempotency',
          fingerprint: requestFingerprint,
          response,
          createdAt: now.toISOString(),
          ttl: ttlAt(now, IDEMPOTENCY_TTL_SECONDS),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }

  private async findReplay<T>(
    userId: string,
    operation: string,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<T | null> {
    const { Item } = await this.send(() =>
      this.store.doc.send(
        new GetCommand({
          TableName: this.store.tableName,
          Key: key.idempotency(`${userId}:${operation}`, idempotencyKey),
          ConsistentRead: true,
        }),
      ),
    );
    if (!Item) return null;
    if (Item.fingerprint !== fingerprint) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    return Item.response as T;
  }

  private async replay<T>(userId: string, operation: string, idempotencyKey: string, fingerprint: string): Promise<T> {
    const replayed = await this.findReplay<T>(userId, operation, idempotencyKey, fingerprint);
    if (!replayed) throw new ContentionError();
    return replayed;
  }

  /** Runs read-decide-write until its conditions hold, within a bounded, jittered budget. */
  private async contended<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await withRetry(operation, (e) => e instanceof ContentionError, this.retry);
    } catch (error) {
      if (error instanceof ContentionError || isTransientStoreError(error)) throw new StoreBusyError();
      throw error;
    }
  }

  /**
   * One transaction, retried on conflicts and throttling with the same ClientRequestToken:
   * if an earlier try did commit and only its answer was lost, DynamoDB answers the retry
   * with success instead of applying it again or failing its conditions.
   */
  private async transactWrite(items: TransactItem[]): Promise<void> {
    const ClientRequestToken = randomUUID();
    await withRetry(
      () => this.store.doc.send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken })),
      isTransientStoreError,
      this.retry,
    );
  }

  /** A transaction whose condition failures mean "the state moved": decide again. */
  private async transact(items: TransactItem[]): Promise<void> {
    try {
      await this.transactWrite(items);
    } catch (error) {
      if (error instanceof TransactionCanceledException && !isTransientStoreError(error)) {
        throw new ContentionError();
      }
      throw error;
    }
  }

  /** A single read or write, retried on throttling. */
  private send<T>(run: () => Promise<T>): Promise<T> {
    return withRetry(run, isTransientStoreError, this.retry);
  }

  /**
   * Add a walk-in player at the door: accepted and attended at once, whatever the sign-up
   * times or closing say. It takes a free place under the same conditions as a join (a place
   * left and nobody waiting for it), so the seat invariants hold; a blocked player is refused.
   */
  async addWalkIn(request: WalkInRequest): Promise<WalkInOutcome> {
    const scope = request.idempotencyScope;
    return this.contended(async () => {
      const session = await this.readSession(request.sessionId);
      const now = this.clock.now();
      const nowIso = now.toISOString();
      const outcome: WalkInOutcome = { sessionId: session.id, userId: request.player.userId, status: 'accepted' };
      if (session.remaining < 1 || session.waitlist.length > 0) {
        if (request.idempotencyKey) {
          const replayed = await this.findReplay<WalkInOutcome>(scope, 'walkIn', request.idempotencyKey, session.id);
          if (replayed) return replayed;
        }
        throw new DomainError('SESSION_FULL');
      }
      const booking: BookingRecord = {
        type: 'booking',
        sessionId: session.id,
        userId: request.player.userId,
        teamId: session.teamId,
        userName: request.player.name,
        pictureUrl: request.player.pictureUrl,
        status: 'accepted',
        partySize: 1,
        bookedAt: nowIso,
        acceptedAt: nowIso,
        attendance: 'attended',
        checkedInAt: nowIso,
        walkIn: true,
        startsAt: session.startsAt,
      };
      const items: TransactItem[] = [
        {
          Update: {
            TableName: this.store.tableName,
            Key: key.session(session.id),
            UpdateExpression:
              'SET remaining = remaining - :one, acceptedCount = acceptedCount + :one, updatedAt = :now',
            ConditionExpression: 'remaining >= :one AND size(waitlist) = :zero AND startsAt = :startsAt',
            ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':now': nowIso, ':startsAt': session.startsAt },
          },
        },
        {
          Put: {
            TableName: this.store.tableName,
            Item: {
              ...key.booking(session.id, booking.userId),
              ...index.bookingsOfUser(booking.userId, session.startsAt, session.id),
              ...booking,
              addedBy: request.addedBy,
            },
            ConditionExpression: 'attribute_not_exists(PK) OR #status = :cancelled',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':cancelled': 'cancelled' },
          },
        },
        {
          ConditionCheck: {
            TableName: this.store.tableName,
            Key: key.teamMember(session.teamId, booking.userId),
            ConditionExpression: 'attribute_not_exists(PK) OR blocked = :false',
            ExpressionAttributeValues: { ':false': false },
          },
        },
      ];
      const idem = this.idempotencyPut(scope, 'walkIn', request.idempotencyKey, session.id, outcome, now);
      if (idem) items.push(idem);
      try {
        await this.transactWrite(items);
        return outcome;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException) || isTransientStoreError(error)) throw error;
        const reasons = error.CancellationReasons ?? [];
        if (idem && failed(reasons[3])) {
          return this.replay<WalkInOutcome>(scope, 'walkIn', request.idempotencyKey!, session.id);
        }
        if (failed(reasons[1])) throw new DomainError('ALREADY_BOOKED');
        if (failed(reasons[2])) throw new DomainError('MEMBER_BLOCKED');
        throw new ContentionError();
      }
    });
  }

  /**
   * Delete a session that has not started. Every booked and waiting player gets one
   * 'sessionCancelled' outbox record in the transaction that deletes the session item; their
   * booking rows are marked cancelled after it (the session is gone, so nothing else touches them).
   */
  async deleteSession(sessionId: string): Promise<{ notified: number }> {
    return this.underClosedBooking(sessionId, (session, active, now) => {
      if (Date.parse(session.startsAt) <= now.getTime()) throw new DomainError('SESSION_NOT_CHANGEABLE');
      const nowIso = now.toISOString();
      const snapshot = noticeSnapshot(session);
      return {
        items: [
          {
            Delete: {
              TableName: this.store.tableName,
              Key: key.session(session.id),
              ...pinnedSeatState(session),
            },
          },
          ...active.map((b) => this.noticePut('sessionCancelled', b.userId, session.id, now, { session: snapshot })),
        ],
        result: { notified: active.length },
        after: async () => {
          await Promise.all(
            active.map((b) =>
              this.update({
                TableName: this.store.tableName,
                Key: key.booking(session.id, b.userId),
                UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now, cancelReason = :reason',
                ConditionExpression: '#status = :was',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':cancelled': 'cancelled',
                  ':now': nowIso,
                  ':reason': 'sessionDeleted',
                  ':was': b.status,
                },
              }).catch(ignoreConditionFailure),
            ),
          );
        },
      };
    });
  }

  /**
   * Change a session's venue, courts or times before it starts. A change of venue, address,
   * region, start or end records one 'sessionChanged' outbox item per booked and waiting
   * player in the transaction that changes the session; courts and sign-up opening change quietly.
   */
  async changeSession(
    sessionId: string,
    changes: SessionChanges,
  ): Promise<{ session: SessionRecord; notified: number }> {
    const quiet = await this.contended(async () => {
      const current = await this.readSession(sessionId);
      const now = this.clock.now();
      const next = mergeChanges(current, changes, now);
      if (NOTICE_FIELDS.some((f) => next[f] !== current[f])) return null;
      try {
        const { Attributes } = await this.update({
          TableName: this.store.tableName,
          Key: key.session(sessionId),
          UpdateExpression: 'SET courts = :courts, signupOpensAt = :opens, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK) AND startsAt = :startsAt',
          ExpressionAttributeValues: {
            ':courts': next.courts,
            ':opens': next.signupOpensAt,
            ':now': now.toISOString(),
            ':startsAt': current.startsAt,
          },
          ReturnValues: 'ALL_NEW',
        });
        return { session: Attributes as SessionRecord, notified: 0 };
      } catch (error) {
        if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw new ContentionError();
        throw error;
      }
    });
    if (quiet) return quiet;

    let updated: SessionRecord | undefined;
    const outcome = await this.underClosedBooking(sessionId, (session, active, at, wasClosed) => {
      const target = mergeChanges(session, changes, at);
      const fields = NOTICE_FIELDS.filter((f) => target[f] !== session[f]);
      const nowIso = at.toISOString();
      // Sign-up reopens with the change: a join that read the old start time fails its
      // startsAt condition and reads again, so booking rows never copy a stale time.
      updated = { ...target, bookingClosed: wasClosed, updatedAt: nowIso };
      const indexKeys = sessionIndexKeys({ ...target, month: taipeiMonth(target.startsAt) });
      const pinned = pinnedSeatState(session);
      return {
        items: [
          {
            Update: {
              TableName: this.store.tableName,
              Key: key.session(session.id),
              UpdateExpression: [
                'SET venue = :venue, address = :address, #region = :region, courts = :courts,',
                'startsAt = :startsAt, endsAt = :endsAt, signupOpensAt = :opens, updatedAt = :now, bookingClosed = :reopen,',
                'GSI1PK = :g1pk, GSI1SK = :g1sk, GSI2PK = :g2pk, GSI2SK = :g2sk, GSI3PK = :g3pk, GSI3SK = :g3sk',
              ].join(' '),
              ConditionExpression: pinned.ConditionExpression,
              ExpressionAttributeNames: { ...pinned.ExpressionAttributeNames },
              ExpressionAttributeValues: {
                ...pinned.ExpressionAttributeValues,
                ':venue': target.venue,
                ':address': target.address,
                ':region': target.region,
                ':courts': target.courts,
                ':startsAt': target.startsAt,
                ':endsAt': target.endsAt,
                ':opens': target.signupOpensAt,
                ':now': nowIso,
                ':reopen': wasClosed,
                ':g1pk': indexKeys.GSI1PK,
                ':g1sk': indexKeys.GSI1SK,
                ':g2pk': indexKeys.GSI2PK,
                ':g2sk': indexKeys.GSI2SK,
                ':g3pk': indexKeys.GSI3PK,
                ':g3sk': indexKeys.GSI3SK,
              },
            },
          },
          ...active.map((b) =>
            this.noticePut('sessionChanged', b.userId, session.id, at, {
              changes: fields,
              session: noticeSnapshot(target),
              previous: noticeSnapshot(session),
            }),
          ),
        ],
        result: { notified: active.length },
        after: async () => {
          if (target.startsAt !== session.startsAt) {
            await Promise.all(
              active.map((b) =>
                this.update({
                  TableName: this.store.tableName,
                  Key: key.booking(session.id, b.userId),
                  UpdateExpression: 'SET startsAt = :startsAt, GSI1SK = :sk',
                  ConditionExpression: 'attribute_exists(PK)',
                  ExpressionAttributeValues: {
                    ':startsAt': target.startsAt,
                    ':sk': index.bookingsOfUser(b.userId, target.startsAt, session.id).GSI1SK,
                  },
                }).catch(ignoreConditionFailure),
              ),
            );
          }
        },
      };
    });
    return { session: updated!, notified: outcome.notified };
  }

  /**
   * Runs a session-wide change with sign-up closed, so no player can join between the read of
   * who holds a place and the transaction that notifies them: the transaction pins the seat
   * state that was read, and only cancellations (which change it) can still happen. If the
   * change fails, sign-up is reopened when it was open.
   */
  private async underClosedBooking<T>(
    sessionId: string,
    plan: (
      session: SessionRecord,
      active: BookingRecord[],
      now: Date,
      wasClosed: boolean,
    ) => { items: TransactItem[]; result: T; after?: () => Promise<void> },
  ): Promise<T> {
    let wasClosed: boolean | undefined;
    let committed = false;
    try {
      const decided = await this.contended(async () => {
        const closedBefore = await this.setBookingClosed(sessionId, true);
        wasClosed ??= closedBefore;
        const session = await this.readSession(sessionId);
        const active = await this.activeBookings(sessionId);
        if (active.length > MAX_NOTICES_PER_CHANGE) throw new DomainError('TOO_MANY_PLAYERS');
        const planned = plan(session, active, this.clock.now(), wasClosed);
        await this.transact(planned.items);
        committed = true;
        return planned;
      });
      await decided.after?.();
      return decided.result;
    } catch (error) {
      if (wasClosed === false && !committed) await this.setBookingClosed(sessionId, false).catch(() => undefined);
      throw error;
    }
  }

  /** Sets `bookingClosed`; returns the value it had. */
  private async setBookingClosed(sessionId: string, closed: boolean): Promise<boolean> {
    try {
      const { Attributes } = await this.update({
        TableName: this.store.tableName,
        Key: key.session(sessionId),
        UpdateExpression: 'SET bookingClosed = :closed',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':closed': closed },
        ReturnValues: 'ALL_OLD',
      });
      return Attributes?.bookingClosed === true;
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
        throw new DomainError('SESSION_NOT_FOUND');
      }
      throw error;
    }
  }

  private async activeBookings(sessionId: string): Promise<BookingRecord[]> {
    const rows = await this.send(() =>
      queryAll<BookingRecord>(this.store, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :booking)',
        ExpressionAttributeValues: { ':pk': key.session(sessionId).PK, ':booking': prefix.booking },
        ConsistentRead: true,
      }),
    );
    return rows.filter((b) => b.status !== 'cancelled');
  }

  /** A single update, retried on throttling. */
  private update(input: UpdateCommandInput) {
    return this.send(() => this.store.doc.send(new UpdateCommand(input)));
  }

  /** An outbox record of the same shape as a promotion's, for the notifier to deliver. */
  private noticePut(
    kind: 'sessionChanged' | 'sessionCancelled',
    userId: string,
    sessionId: string,
    now: Date,
    details: Record<string, unknown>,
  ): TransactItem {
    const outboxId = this.ids();
    const nowIso = now.toISOString();
    return {
      Put: {
        TableName: this.store.tableName,
        Item: {
          ...key.outbox(outboxId),
          ...index.pendingOutbox(nowIso, outboxId),
          type: 'outbox',
          id: outboxId,
          kind,
          userId,
          sessionId,
          createdAt: nowIso,
          ttl: ttlAt(now, OUTBOX_TTL_SECONDS),
          ...details,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }

  private async readSession(sessionId: string): Promise<SessionRecord> {
    const { Item } = await this.send(() =>
      this.store.doc.send(
        new GetCommand({ TableName: this.store.tableName, Key: key.session(sessionId), ConsistentRead: true }),
      ),
    );
    if (!Item) throw new DomainError('SESSION_NOT_FOUND');
    return Item as SessionRecord;
  }

  private async readSessionAndBooking(
    sessionId: string,
    userId: string,
  ): Promise<{ session: SessionRecord; booking: BookingRecord | undefined }> {
    const sessionKey = key.session(sessionId);
    const bookingKey = key.booking(sessionId, userId);
    const { Responses, UnprocessedKeys } = await this.send(() =>
      this.store.doc.send(
        new BatchGetCommand({
          RequestItems: { [this.store.tableName]: { Keys: [sessionKey, bookingKey], ConsistentRead: true } },
        }),
      ),
    );
    if (UnprocessedKeys && Object.keys(UnprocessedKeys).length > 0) throw new ContentionError();
    const items = Responses?.[this.store.tableName] ?? [];
    const session = items.find((i) => i.SK === sessionKey.SK) as SessionRecord | undefined;
    if (!session) throw new DomainError('SESSION_NOT_FOUND');
    const booking = items.find((i) => i.SK === bookingKey.SK) as BookingRecord | undefined;
    return { session, booking };
  }
}

function failed(reason: CancellationReason | undefined): boolean {
  return reason?.Code === 'ConditionalCheckFailed';
}

function itemOf(reason: CancellationReason | undefined): Record<string, unknown> | undefined {
  return reason?.Item ? unmarshall(reason.Item) : undefined;
}

export interface WalkInRequest {
  sessionId: string;
  player: Player;
  /** Admin who added the player, kept on the booking. */
  addedBy: string;
  /** Whose retries `idempotencyKey` deduplicates (one scope per admin). */
  idempotencyScope: string;
  idempotencyKey?: string;
}

export interface WalkInOutcome {
  sessionId: string;
  userId: string;
  status: 'accepted';
}

export type SessionChanges = Partial<
  Pick<SessionRecord, 'venue' | 'address' | 'region' | 'courts' | 'startsAt' | 'endsAt' | 'signupOpensAt'>
>;

/** Fields whose change players are told about. */
const NOTICE_FIELDS = ['venue', 'address', 'region', 'startsAt', 'endsAt'] as const;

/** One transaction holds at most 100 items: the session item and one notice per player. */
export const MAX_NOTICES_PER_CHANGE = 99;

/** The session after `changes`, refused when it has started or the new times do not fit. */
function mergeChanges(session: SessionRecord, changes: SessionChanges, now: Date): SessionRecord {
  if (Date.parse(session.startsAt) <= now.getTime()) throw new DomainError('SESSION_NOT_CHANGEABLE');
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const next: SessionRecord = { ...session, ...defined };
  const issues: { path: string; message: string }[] = [];
  if (Date.parse(next.endsAt) <= Date.parse(next.startsAt))
    issues.push({ path: 'endsAt', message: 'must be after startsAt' });
  if (Date.parse(next.signupOpensAt) > Date.parse(next.startsAt)) {
    issues.push({ path: 'signupOpensAt', message: 'must not be after startsAt' });
  }
  if (next.startsAt !== session.startsAt && Date.parse(next.startsAt) <= now.getTime()) {
    issues.push({ path: 'startsAt', message: 'must be in the future' });
  }
  if (issues.length) throw new ValidationError(issues);
  return next;
}

/**
 * Condition that the session still holds exactly the seat state (and the times and region
 * its index keys derive from) that was read, with sign-up closed. While closed nobody joins,
 * so any change of who holds a place also changes one of these.
 */
function pinnedSeatState(session: SessionRecord) {
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

/** What a notice tells the player, kept on the record since a deleted session cannot be read. */
function noticeSnapshot(session: SessionRecord) {
  return {
    id: session.id,
    title: session.title,
    teamName: session.teamName,
    venue: session.venue,
    address: session.address,
    region: session.region,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
  };
}

function ignoreConditionFailure(error: unknown): void {
  if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return;
  throw error;
}
