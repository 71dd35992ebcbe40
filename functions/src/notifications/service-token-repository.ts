import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { serviceTokenCodec } from '#db/codecs/line.ts';
import { key } from '#db/keys.ts';
import { isConditionFailure } from '#db/transaction.ts';
import type { NotifierToken } from '#line/notifier.ts';
import { type IdGenerator, randomId } from '#platform/clock.ts';
import { CorruptItemError } from '#platform/errors.ts';
import type { Sealer } from '#platform/sealed.ts';

/**
 * The LINE MINI App notification token of one player's booking (`USER#<userId>` /
 * `SVCTOKEN#<sessionId>`, TABLE.md "Service message tokens"): sealed with AES-GCM (the value
 * never leaves the server: no answer, log or export carries it), with the sends LINE says are
 * left and when it expires. The item goes with the session's end (TTL) and with the account
 * (it lives in the player's partition, which the deletion empties). A dispatcher takes a short
 * lease on it before a send, so two notices of one booking never send with the same token
 * (LINE renews it on every send and refuses the old one).
 */

export interface ServiceTokenRecord {
  userId: string;
  sessionId: string;
  remaining: number;
  expiresAt: string;
  /** Changes whenever the token does (issue, renewal): what a retried send compares. */
  version: string;
  issuedAt: string;
  /** SHA-256 of the LIFF access token it was issued from: a repeated hand-over is not sent to LINE again. */
  liffTokenHash: string;
}

export type TokenClaim =
  | { status: 'claimed'; record: ServiceTokenRecord; token: string }
  /** No usable token: none handed over, used up, expired, the session over, or unreadable. */
  | { status: 'none'; reason: string }
  /** Another notice of this booking holds it right now. */
  | { status: 'busy' };

export const liffTokenHash = (liffAccessToken: string) => createHash('sha256').update(liffAccessToken).digest('hex');

const sealedFor = (userId: string, sessionId: string) => `serviceToken:${userId}:${sessionId}`;

/**
 * The stored token's state and sealed value; an unreadable item (logged by its codec) counts as
 * none, so the next send drops it instead of failing every notice of the booking.
 */
function recordOf(
  item: Record<string, unknown> | undefined,
): (ServiceTokenRecord & { sealed: string; ttl: number }) | null {
  try {
    const token = serviceTokenCodec.decodeOrNull(item);
    if (!token) return null;
    const { userId, sessionId, sealed, remaining, expiresAt, version, issuedAt } = token;
    const liffTokenHash = token.liffTokenHash ?? '';
    return { userId, sessionId, sealed, remaining, expiresAt, version, issuedAt, liffTokenHash, ttl: token.ttl };
  } catch (error) {
    if (error instanceof CorruptItemError) return null;
    throw error;
  }
}

const ttlOf = (endsAt: string) => Math.floor(Date.parse(endsAt) / 1000);

export class ServiceTokenRepository {
  private readonly ids: IdGenerator;

  constructor(
    private readonly store: Store,
    private readonly sealer: Sealer,
    ids?: IdGenerator,
  ) {
    this.ids = ids ?? randomId;
  }

  /** The stored token's state (never its value), or null. */
  async get(userId: string, sessionId: string): Promise<ServiceTokenRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({
        TableName: this.store.tableName,
        Key: key.serviceToken(userId, sessionId),
        ConsistentRead: true,
      }),
    );
    const record = recordOf(Item);
    if (!record) return null;
    const { sealed: _sealed, ttl: _ttl, ...state } = record;
    return state;
  }

  /** Keeps a newly issued token for the booking, replacing any earlier one; it goes when the session ends. */
  async issued(input: {
    userId: string;
    sessionId: string;
    token: NotifierToken;
    liffTokenHash: string;
    sessionEndsAt: string;
    now: Date;
  }): Promise<ServiceTokenRecord> {
    const { userId, sessionId, token, now } = input;
    if (!token.notificationToken) throw new Error('LINE issued no notification token');
    const record: ServiceTokenRecord = {
      userId,
      sessionId,
      remaining: token.remainingCount,
      expiresAt: new Date(now.getTime() + token.expiresIn * 1000).toISOString(),
      version: this.ids(),
      issuedAt: now.toISOString(),
      liffTokenHash: input.liffTokenHash,
    };
    await this.store.doc.send(
      new PutCommand({
        TableName: this.store.tableName,
        Item: serviceTokenCodec.encode({
          type: 'serviceToken',
          ...record,
          sealed: this.sealer.seal(token.notificationToken, sealedFor(userId, sessionId)),
          ttl: ttlOf(input.sessionEndsAt),
        }),
      }),
    );
    return record;
  }

  /**
   * Takes the booking's token for one send (`holder`: the outbox record) for `leaseMs`: one
   * conditional UpdateItem, and a GetItem only when it is refused (to tell "none" from "busy").
   */
  async claim(userId: string, sessionId: string, holder: string, now: Date, leaseMs: number): Promise<TokenClaim> {
    let item: Record<string, unknown> | undefined;
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.serviceToken(userId, sessionId),
          UpdateExpression: 'SET leaseUntil = :until, leaseBy = :holder',
          ConditionExpression:
            'attribute_exists(PK) AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now OR leaseBy = :holder)',
          ExpressionAttributeValues: {
            ':until': new Date(now.getTime() + leaseMs).toISOString(),
            ':holder': holder,
            ':now': now.toISOString(),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      item = Attributes;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const exists = await this.get(userId, sessionId);
      return exists ? { status: 'busy' } : { status: 'none', reason: 'no token for this booking' };
    }
    const record = recordOf(item);
    const unusable = !record
      ? 'the stored token is unreadable'
      : record.remaining <= 0
        ? 'the token has no sends left'
        : Date.parse(record.expiresAt) <= now.getTime()
          ? 'the token has expired'
          : record.ttl * 1000 <= now.getTime()
            ? "the booking's session has ended"
            : null;
    const token = record && !unusable ? this.sealer.open(record.sealed, sealedFor(userId, sessionId)) : null;
    if (!record || unusable || !token) {
      await this.drop(userId, sessionId, holder);
      return { status: 'none', reason: unusable ?? 'the stored token does not open with this key' };
    }
    const { sealed: _sealed, ttl: _ttl, ...state } = record;
    return { status: 'claimed', record: state, token };
  }

  /**
   * After a send: keeps the renewed token (sends left and expiry as LINE answered) and lets go of
   * the lease; with nothing left to send (LINE gave no new token) the item goes.
   */
  async renewed(userId: string, sessionId: string, holder: string, answer: NotifierToken, now: Date): Promise<void> {
    if (!answer.notificationToken || answer.remainingCount <= 0 || answer.expiresIn <= 0) {
      await this.drop(userId, sessionId, holder);
      return;
    }
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.serviceToken(userId, sessionId),
          UpdateExpression:
            'SET sealed = :sealed, remaining = :remaining, expiresAt = :expiresAt, version = :version REMOVE leaseUntil, leaseBy',
          ConditionExpression: 'leaseBy = :holder',
          ExpressionAttributeValues: {
            ':sealed': this.sealer.seal(answer.notificationToken, sealedFor(userId, sessionId)),
            ':remaining': answer.remainingCount,
            ':expiresAt': new Date(now.getTime() + answer.expiresIn * 1000).toISOString(),
            ':version': this.ids(),
            ':holder': holder,
          },
        }),
      );
    } catch (error) {
      // The lease ran out and another holder took the item: the renewal is theirs to lose.
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Lets go of the lease without a change (a send that may be tried again). */
  async release(userId: string, sessionId: string, holder: string): Promise<void> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.serviceToken(userId, sessionId),
          UpdateExpression: 'REMOVE leaseUntil, leaseBy',
          ConditionExpression: 'leaseBy = :holder',
          ExpressionAttributeValues: { ':holder': holder },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Forgets the booking's token (used up, refused, expired); with `holder`, only while it holds the lease. */
  async drop(userId: string, sessionId: string, holder?: string): Promise<void> {
    try {
      await this.store.doc.send(
        new DeleteCommand({
          TableName: this.store.tableName,
          Key: key.serviceToken(userId, sessionId),
          ...(holder
            ? {
                ConditionExpression: 'attribute_not_exists(PK) OR leaseBy = :holder',
                ExpressionAttributeValues: { ':holder': holder },
              }
            : {}),
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
