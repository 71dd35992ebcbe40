import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { RotationAdminBoard, RotationBoard } from '@shuttle/shared';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Store } from '#db/client.ts';
import { key, ttlAt } from '#db/keys.ts';
import { runTransaction, Transaction } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';
import type { RotationItem } from './repository.ts';
import { isRotationBoardChange } from './stream-filter.ts';
import { toBoard } from './view.ts';
import type { RotationViewerKind } from './viewers.ts';

/**
 * The live board on AWS (docs/ON-COURT.md, "Live"; TABLE.md, "Rotation"): the API Gateway
 * WebSocket API's connections stored per session, and the broadcast of every board write read
 * from the table's stream. Same protocol as the local hub (`local/rotation-live.ts`): every
 * message is the JSON board with its `version`; clients send nothing.
 */

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
        ProjectionExpression: 'connectionId, kind',
        Limit: MAX_SOCKETS_PER_SESSION,
      }),
    );
    return (out.Items ?? []) as RotationSocket[];
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
        Item: {
          ...key.rotationSocket(sessionId, socket.connectionId),
          type: 'rotationSocket',
          sessionId,
          connectionId: socket.connectionId,
          kind: socket.kind,
          connectedAt: now.toISOString(),
          ttl,
        },
      })
      .put('owner', {
        Item: {
          ...key.rotationSocketOwner(socket.connectionId),
          type: 'rotationSocketOwner',
          sessionId,
          ttl,
        },
      });
    await runTransaction(this.store, tx);
  }

  /** `$disconnect`: GetItem of the owner item, then both items deleted (one BatchWriteItem). */
  async close(connectionId: string): Promise<string | null> {
    const out = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.rotationSocketOwner(connectionId) }),
    );
    const sessionId = (out.Item?.sessionId as string | undefined) ?? null;
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

/** PostToConnection: `gone` when API Gateway answers 410 (the socket closed without a `$disconnect` yet). */
export type PostToSocket = (connectionId: string, data: string) => Promise<'sent' | 'gone'>;

/** Names only for players and screens (docs/PRIVACY.md); admins also get the screen token. */
export function boardViews(item: RotationItem): { names: RotationBoard; admin: RotationAdminBoard } {
  const names = toBoard(item.state, {
    sessionId: item.sessionId,
    version: item.version,
    helperUserId: item.helperUserId,
    updatedAt: item.updatedAt,
  });
  return { names, admin: { ...names, screenToken: item.screenToken } };
}

export interface BroadcastResult {
  sent: number;
  gone: number;
  failed: number;
}

/**
 * Posts a board to every socket of its session, each the view of its kind; a gone socket is
 * deleted. Posts run in parallel; a failed post (not a 410) is counted, the others still go.
 */
export async function broadcastBoard(
  sockets: RotationSockets,
  post: PostToSocket,
  item: RotationItem,
): Promise<BroadcastResult> {
  const views = boardViews(item);
  const messages = { names: JSON.stringify(views.names), admin: JSON.stringify(views.admin) };
  const result: BroadcastResult = { sent: 0, gone: 0, failed: 0 };
  await Promise.all(
    (await sockets.list(item.sessionId)).map(async (socket) => {
      try {
        const outcome = await post(socket.connectionId, socket.kind === 'admin' ? messages.admin : messages.names);
        if (outcome === 'sent') result.sent++;
        else {
          result.gone++;
          await sockets.forget(item.sessionId, socket.connectionId);
        }
      } catch {
        result.failed++;
      }
    }),
  );
  return result;
}

/**
 * One batch of the table's stream (already filtered to board writes, stream-filter.ts): each
 * session's newest board is posted once (an older image in the same batch is superseded; views
 * ignore older versions anyway). A session whose posts failed reports its records as failures,
 * so the event source retries them (a repost is harmless: same version).
 */
export async function broadcastStream(
  records: DynamoDBRecord[],
  sockets: RotationSockets,
  post: PostToSocket,
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const newest = new Map<string, { item: RotationItem; sequences: string[] }>();
  for (const record of records) {
    if (!isRotationBoardChange(record)) continue;
    const image = record.dynamodb?.NewImage as Record<string, AttributeValue>;
    const item = unmarshall(image) as RotationItem;
    const seen = newest.get(item.sessionId);
    const sequences = [...(seen?.sequences ?? []), record.dynamodb?.SequenceNumber ?? ''];
    newest.set(item.sessionId, { item: !seen || item.version > seen.item.version ? item : seen.item, sequences });
  }
  const failures: { itemIdentifier: string }[] = [];
  for (const { item, sequences } of newest.values()) {
    const failed = await broadcastBoard(sockets, post, item).then(
      (r) => r.failed > 0,
      () => true,
    );
    if (failed) failures.push(...sequences.filter(Boolean).map((itemIdentifier) => ({ itemIdentifier })));
  }
  return { batchItemFailures: failures };
}
