import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { rotationSocketCodec, rotationSocketOwnerCodec } from '#db/codecs/rotation.ts';
import { key, ttlAt } from '#db/keys.ts';
import { runTransaction, Transaction } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';
import type { RotationViewerKind } from './viewers.ts';

/** A connection item outlives the longest API Gateway connection (2 h) in any case. */
export const ROTATION_SOCKET_TTL_SECONDS = 4 * 60 * 60;
/** Sockets one board serves (one Query page); the next viewer is refused (429) and polls. */
export const MAX_SOCKETS_PER_SESSION = 200;

export interface RotationSocket {
  connectionId: string;
  kind: RotationViewerKind;
}

/**
 * `ROTWS#<sessionId>` / `CONN#<connectionId>` (the socket, its viewer kind) and
 * `ROTWSCONN#<connectionId>` (its session, for `$disconnect`), both with a 4 h `ttl`.
 */
export class RotationSockets {
  constructor(private readonly store: Store) {}

  /** The session's sockets, at most `MAX_SOCKETS_PER_SESSION`: one Query. */
  async list(sessionId: string): Promise<RotationSocket[]> {
    const out = await this.store.doc.send(
      new QueryCommand({
        TableName: this.store.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': key.rotationSocket(sessionId, '').PK },
        Limit: MAX_SOCKETS_PER_SESSION,
      }),
    );
    // Whole items (a projection reads, and costs, the same): each is checked by its codec.
    return (out.Items ?? []).map((item) => {
      const { connectionId, kind } = rotationSocketCodec.decode(item);
      return { connectionId, kind };
    });
  }

  /**
   * Stores a socket the viewer check let through: a Query (count, at most 200 keys) refuses a
   * full board with 429 before anything is written; then one transaction of the two items.
   */
  async open(sessionId: string, socket: RotationSocket, now: Date): Promise<void> {
    const counted = await this.store.doc.send(
      new QueryCommand({
        TableName: this.store.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': key.rotationSocket(sessionId, '').PK },
        Select: 'COUNT',
        Limit: MAX_SOCKETS_PER_SESSION,
      }),
    );
    if ((counted.Count ?? 0) >= MAX_SOCKETS_PER_SESSION) throw new DomainError('RATE_LIMITED');
    const ttl = ttlAt(now, ROTATION_SOCKET_TTL_SECONDS);
    const tx = new Transaction(this.store.tableName)
      .put('socket', {
        Item: rotationSocketCodec.encode({
          type: 'rotationSocket',
          sessionId,
          connectionId: socket.connectionId,
          kind: socket.kind,
          connectedAt: now.toISOString(),
          ttl,
        }),
      })
      .put('owner', {
        Item: rotationSocketOwnerCodec.encode({ type: 'rotationSocketOwner', sessionId, ttl }, socket.connectionId),
      });
    await runTransaction(this.store, tx);
  }

  /** `$disconnect`: GetItem of the owner item, then both items deleted (one BatchWriteItem). */
  async close(connectionId: string): Promise<string | null> {
    const out = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.rotationSocketOwner(connectionId) }),
    );
    const sessionId = rotationSocketOwnerCodec.decodeOrNull(out.Item)?.sessionId ?? null;
    if (sessionId) await this.forget(sessionId, connectionId);
    return sessionId;
  }

  /** Deletes a socket's two items (a gone connection, a disconnect): one BatchWriteItem. */
  async forget(sessionId: string, connectionId: string): Promise<void> {
    await this.store.doc.send(
      new BatchWriteCommand({
        RequestItems: {
          [this.store.tableName]: [
            { DeleteRequest: { Key: key.rotationSocket(sessionId, connectionId) } },
            { DeleteRequest: { Key: key.rotationSocketOwner(connectionId) } },
          ],
        },
      }),
    );
  }
}
