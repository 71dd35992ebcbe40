import { GetCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { oneOf } from '#db/codec.ts';
import { bookingCodec, sessionCodec } from '#db/codecs/sessions.ts';
import { findReplay, IDEMPOTENCY_ITEM, type IdempotentRequest, recordAnswer } from '#db/idempotency.ts';
import { index, key, prefix } from '#db/keys.ts';
import { batchGetAll, queryAll } from '#db/query.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { mapLimit } from '#platform/concurrency.ts';
import { DomainError } from '#platform/errors.ts';
import { isTransientStoreError, type RetryPolicy, withRetry } from '#platform/retry.ts';
import { chargeQuota, QUOTA_ITEM, type QuotaTeam, quotaRefusal } from '#teams/quota.ts';
import type { IndexPage, IndexQuery } from './browse.ts';
import type { BookingRecord, SessionRecord } from './model.ts';

/** Booking Queries a report-like read keeps in flight at once. */
const BOOKING_READ_CONCURRENCY = 8;

/**
 * The one repository of a session's partition: the session item (seats and waitlist live on
 * it) and its booking rows. Seats and waitlists change only through the booking engine
 * (`#bookings/engine.ts`); this repository reads them and writes only flags and new sessions.
 * Every read is retried on throttling with bounded, jittered backoff.
 */
export class SessionRepository {
  constructor(
    private readonly store: Store,
    private readonly retry?: RetryPolicy,
  ) {}

  private send<T>(run: () => Promise<T>): Promise<T> {
    return withRetry(run, isTransientStoreError, this.retry);
  }

  /** The session, or null. `consistent` for reads that decide a write. */
  async get(sessionId: string, options: { consistent?: boolean } = {}): Promise<SessionRecord | null> {
    const { Item } = await this.send(() =>
      this.store.doc.send(
        new GetCommand({
          TableName: this.store.tableName,
          Key: key.session(sessionId),
          ConsistentRead: options.consistent ?? false,
        }),
      ),
    );
    return sessionCodec.decodeOrNull(Item);
  }

  async require(sessionId: string, options: { consistent?: boolean } = {}): Promise<SessionRecord> {
    const session = await this.get(sessionId, options);
    if (!session) throw new DomainError('SESSION_NOT_FOUND');
    return session;
  }

  async getMany(sessionIds: string[]): Promise<Map<string, SessionRecord>> {
    const keys = [...new Set(sessionIds)].map((id) => key.session(id));
    const items = await batchGetAll(this.store, sessionCodec, keys, { retry: this.retry });
    return new Map(items.map((item) => [item.id, item]));
  }

  /** The session and the player's booking row in one strongly consistent read. */
  async withBooking(
    sessionId: string,
    userId: string,
  ): Promise<{ session: SessionRecord; booking: BookingRecord | undefined }> {
    const sessionKey = key.session(sessionId);
    const bookingKey = key.booking(sessionId, userId);
    const items = await batchGetAll(this.store, SESSION_OR_BOOKING, [sessionKey, bookingKey], {
      consistent: true,
      retry: this.retry,
    });
    const session = items.find((i) => i.type === 'session');
    if (!session) throw new DomainError('SESSION_NOT_FOUND');
    const booking = items.find((i) => i.type === 'booking');
    return { session, booking };
  }

  /** One page of one browse index partition: `Limit` items at most, after an item's sort key. */
  async readIndex(q: IndexQuery): Promise<IndexPage> {
    const pk = `${q.index}PK`;
    const sk = `${q.index}SK`;
    const after = q.after
      ? { [pk]: q.partition, [sk]: q.after, ...key.session(q.after.slice(q.after.lastIndexOf('#') + 1)) }
      : undefined;
    const page = await this.send(() =>
      this.store.doc.send(
        new QueryCommand({
          TableName: this.store.tableName,
          IndexName: q.index,
          KeyConditionExpression: `${pk} = :pk AND ${sk} BETWEEN :lo AND :hi`,
          ExpressionAttributeValues: { ':pk': q.partition, ':lo': q.lo, ':hi': q.hi },
          ScanIndexForward: q.forward,
          Limit: q.limit,
          ExclusiveStartKey: after,
        }),
      ),
    );
    const items = (page.Items ?? []).map((item) => ({
      session: sessionCodec.decode(item),
      sortKey: String(item[sk] ?? ''),
    }));
    return { items, more: page.LastEvaluatedKey !== undefined };
  }

  /** Every booking row of a session (accepted, waiting and cancelled), strongly consistent. */
  async bookings(sessionId: string): Promise<BookingRecord[]> {
    return queryAll(
      this.store,
      bookingCodec,
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :booking)',
        ExpressionAttributeValues: { ':pk': key.session(sessionId).PK, ':booking': prefix.booking },
        ConsistentRead: true,
      },
      this.retry,
    );
  }

  /**
   * Sessions with every booking row of each: one Query per session, at most
   * `BOOKING_READ_CONCURRENCY` in flight (reports, payments, exports).
   */
  withBookings(sessions: readonly SessionRecord[]): Promise<{ session: SessionRecord; bookings: BookingRecord[] }[]> {
    return mapLimit(sessions, BOOKING_READ_CONCURRENCY, async (session) => ({
      session,
      bookings: await this.bookings(session.id),
    }));
  }

  async booking(sessionId: string, userId: string): Promise<BookingRecord | null> {
    const { Item } = await this.send(() =>
      this.store.doc.send(
        new GetCommand({ TableName: this.store.tableName, Key: key.booking(sessionId, userId), ConsistentRead: true }),
      ),
    );
    return bookingCodec.decodeOrNull(Item);
  }

  /** A player's bookings of sessions starting in [from, to), from the user-bookings index. */
  async bookingsOfUser(userId: string, from: string, to: string): Promise<BookingRecord[]> {
    return queryAll(this.store, bookingCodec, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': index.userBookingsPartition(userId), ':from': from, ':to': to },
    });
  }

  /** One player's booking rows in the given sessions, read strongly from the base table. */
  async bookingsIn(sessionIds: string[], userId: string): Promise<BookingRecord[]> {
    const keys = sessionIds.map((id) => key.booking(id, userId));
    return batchGetAll(this.store, bookingCodec, keys, { consistent: true, retry: this.retry });
  }

  /** A team's sessions starting in [from, to), by start time (GSI3). */
  async teamSessions(teamId: string, from: string, to: string): Promise<SessionRecord[]> {
    return queryAll(this.store, sessionCodec, {
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': index.teamSessionsPartition(teamId), ':from': from, ':to': to },
    });
  }

  /** The stored answer to an earlier idempotent create with this key, or null when it is new. */
  replay<T>(claim: IdempotentRequest): Promise<T | null> {
    return findReplay<T>(this.store, claim, this.retry);
  }

  /**
   * Puts new session items all or none, counted against the team's daily cap in the same
   * transaction (DAILY_SESSION_LIMIT). With an idempotent request its answer is recorded too;
   * a retry of the same request gets the first answer back (non-null).
   */
  async createMany<T>(
    team: QuotaTeam,
    items: Record<string, unknown>[],
    now: Date,
    idempotent?: { claim: IdempotentRequest; response: T },
    notices: Record<string, unknown>[] = [],
  ): Promise<T | null> {
    const tx = new Transaction(this.store.tableName);
    for (const item of items)
      tx.put(`session:${item.id}`, { Item: item, ConditionExpression: 'attribute_not_exists(PK)' });
    for (const item of notices)
      tx.put(`notice:${item.id}`, { Item: item, ConditionExpression: 'attribute_not_exists(PK)' });
    tx.include(chargeQuota(this.store.tableName, team, 'sessions', items.length, now));
    if (idempotent) recordAnswer(tx, idempotent.claim, idempotent.response, now);
    try {
      await runTransaction(this.store, tx, this.retry);
      return null;
    } catch (error) {
      if (idempotent && error instanceof TransactionRefusedError && error.failed(IDEMPOTENCY_ITEM)) {
        return findReplay<T>(this.store, idempotent.claim, this.retry);
      }
      if (error instanceof TransactionRefusedError && error.failed(QUOTA_ITEM)) throw quotaRefusal('sessions');
      throw error;
    }
  }

  /** Public/team-only and sign-up open/closed: flags the engine reads, never seat counts. */
  async setFlag(
    sessionId: string,
    flag: 'isPublic' | 'bookingClosed',
    value: boolean,
    now: Date,
  ): Promise<SessionRecord> {
    try {
      const { Attributes } = await this.send(() =>
        this.store.doc.send(
          new UpdateCommand({
            TableName: this.store.tableName,
            Key: key.session(sessionId),
            UpdateExpression: 'SET #flag = :value, updatedAt = :now',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#flag': flag },
            ExpressionAttributeValues: { ':value': value, ':now': now.toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return sessionCodec.decode(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('SESSION_NOT_FOUND');
      throw error;
    }
  }

  /** One UpdateItem, retried on throttling. */
  private update(input: Omit<UpdateCommandInput, 'TableName'>) {
    return this.send(() => this.store.doc.send(new UpdateCommand({ TableName: this.store.tableName, ...input })));
  }

  // Writes of a session-wide change (`#bookings/session-changes.ts`), which runs them under closed sign-up.

  /** Sets `bookingClosed`; answers the value it had. SESSION_NOT_FOUND when the session is gone. */
  async setBookingClosed(sessionId: string, closed: boolean): Promise<boolean> {
    try {
      const { Attributes } = await this.update({
        Key: key.session(sessionId),
        UpdateExpression: 'SET bookingClosed = :closed',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':closed': closed },
        ReturnValues: 'ALL_OLD',
      });
      return sessionCodec.decode(Attributes ?? {}).bookingClosed;
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('SESSION_NOT_FOUND');
      throw error;
    }
  }

  /**
   * Courts and sign-up opening, which tell nobody, pinned to the start that was read; null when
   * the session moved (or went) meanwhile.
   */
  async setQuietFields(
    sessionId: string,
    fields: Pick<SessionRecord, 'courts' | 'signupOpensAt'>,
    readStartsAt: string,
    now: Date,
  ): Promise<SessionRecord | null> {
    try {
      const { Attributes } = await this.update({
        Key: key.session(sessionId),
        UpdateExpression: 'SET courts = :courts, signupOpensAt = :opens, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND startsAt = :startsAt',
        ExpressionAttributeValues: {
          ':courts': fields.courts,
          ':opens': fields.signupOpensAt,
          ':now': now.toISOString(),
          ':startsAt': readStartsAt,
        },
        ReturnValues: 'ALL_NEW',
      });
      return sessionCodec.decode(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  /** The row of a deleted session becomes cancelled (`sessionDeleted`) unless it moved since it was read. */
  async cancelRowOfDeleted(sessionId: string, row: Pick<BookingRecord, 'userId' | 'status'>, nowIso: string) {
    await this.update({
      Key: key.booking(sessionId, row.userId),
      UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now, cancelReason = :reason',
      ConditionExpression: '#status = :was',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':cancelled': 'cancelled',
        ':now': nowIso,
        ':reason': 'sessionDeleted',
        ':was': row.status,
      },
    }).catch(ignoreConditionFailure);
  }

  /** A row copies its session's new start (and moves in the player's bookings index); a row gone meanwhile is left. */
  async moveRowStart(sessionId: string, userId: string, startsAt: string) {
    await this.update({
      Key: key.booking(sessionId, userId),
      UpdateExpression: 'SET startsAt = :startsAt, GSI1SK = :sk',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':startsAt': startsAt,
        ':sk': index.bookingsOfUser(userId, startsAt, sessionId).GSI1SK,
      },
    }).catch(ignoreConditionFailure);
  }
}

function ignoreConditionFailure(error: unknown): void {
  if (isConditionFailure(error)) return;
  throw error;
}

const SESSION_OR_BOOKING = oneOf('session partition', sessionCodec, bookingCodec);
