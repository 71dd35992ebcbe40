import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { index, key, ttlAt } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import { DomainError } from '#platform/errors.ts';
import type { SessionRecord } from './model.ts';

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export interface IdempotentWrite<T> {
  /** Per-admin scope and the client's Idempotency-Key. */
  scope: string;
  key: string;
  /** Same key with a different request is refused. */
  request: unknown;
  response: T;
}

const fingerprintOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** Reads and writes of sessions that only admins make; seats and waitlists stay with the booking engine. */
export class AdminSessionRepository {
  constructor(private readonly store: Store) {}

  private get table() {
    return this.store.tableName;
  }

  async get(sessionId: string): Promise<SessionRecord> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: key.session(sessionId), ConsistentRead: true }),
    );
    if (!Item) throw new DomainError('SESSION_NOT_FOUND');
    return Item as SessionRecord;
  }

  /** A team's sessions starting in [from, to), by start time (GSI3). */
  async teamSessions(teamId: string, from: string, to: string): Promise<SessionRecord[]> {
    return queryAll<SessionRecord>(this.store, {
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': index.teamSessionsPartition(teamId), ':from': from, ':to': to },
    });
  }

  /** The earlier response to this Idempotency-Key, or null when it is new. */
  async replay<T>(write: Omit<IdempotentWrite<T>, 'response'>, operation: string): Promise<T | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: key.idempotency(`${write.scope}:${operation}`, write.key),
        ConsistentRead: true,
      }),
    );
    if (!Item) return null;
    if (Item.fingerprint !== fingerprintOf(write.request)) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    return Item.response as T;
  }

  /** Puts new session items all or none, with the idempotency record in the same transaction. */
  async createMany<T>(items: Record<string, unknown>[], now: Date, idempotent?: IdempotentWrite<T>): Promise<T | null> {
    const puts = items.map((Item) => ({
      Put: { TableName: this.table, Item, ConditionExpression: 'attribute_not_exists(PK)' },
    }));
    const idem = idempotent
      ? {
          Put: {
            TableName: this.table,
            Item: {
              ...key.idempotency(`${idempotent.scope}:createSession`, idempotent.key),
              type: 'idempotency',
              fingerprint: fingerprintOf(idempotent.request),
              response: idempotent.response,
              createdAt: now.toISOString(),
              ttl: ttlAt(now, IDEMPOTENCY_TTL_SECONDS),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        }
      : null;
    try {
      await this.store.doc.send(new TransactWriteCommand({ TransactItems: idem ? [...puts, idem] : puts }));
      return null;
    } catch (error) {
      if (
        idempotent &&
        error instanceof TransactionCanceledException &&
        error.CancellationReasons?.at(-1)?.Code === 'ConditionalCheckFailed'
      ) {
        return this.replay<T>(idempotent, 'createSession');
      }
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
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key.session(sessionId),
          UpdateExpression: 'SET #flag = :value, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#flag': flag },
          ExpressionAttributeValues: { ':value': value, ':now': now.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as SessionRecord;
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
        throw new DomainError('SESSION_NOT_FOUND');
      }
      throw error;
    }
  }
}
