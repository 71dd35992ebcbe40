import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import type { ReadCodec } from '#db/codec.ts';
import {
  rotationAddressSocketCodec,
  rotationSocketCodec,
  rotationSocketOwnerCodec,
  rotationViewerSocketCodec,
} from '#db/codecs/rotation.ts';
import { key } from '#db/keys.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';
import { SOCKET_LIMITS, SOCKET_PLACE_SECONDS, type SocketLimits } from './socket-limits.ts';
import { type RotationViewer, type ViewerBasis, type ViewerStanding, viewerKey } from './viewers.ts';

/**
 * The live board's sockets on AWS (docs/ON-COURT.md, "Live"; TABLE.md, "Rotation"). Every socket
 * holds three numbered places, each taken by a Put conditioned on the place being free: one of
 * its board's (`ROTWS#<sessionId>` / `SLOT#<n>`, n < 200; players only below 180, so the team's
 * admins and the venue screen always find one), one of its viewer's on that board
 * (`ROTWSVIEWER#<viewer>` / `SESSION#<sessionId>#<n>`, n < 3) and one of its address's
 * (`ROTWSADDR#<address>` / `SLOT#<n>`, n < 20), all in one transaction with the owner item
 * (`ROTWSCONN#<connectionId>`, for `$disconnect`). So simultaneous connects can never pass a cap:
 * two that pick the same place, one loses and picks again. A place whose `$disconnect` was lost
 * is free again once `expiresAt` is past (API Gateway ends every connection within 2 hours);
 * a post answered 410 frees it at once. No counter can drift.
 */

/** The board's place item: the socket, its viewer and its right, and the other two places. */
export interface StoredSocket {
  connectionId: string;
  sessionId: string;
  teamId: string;
  kind: RotationViewer['kind'];
  viewer: RotationViewer;
  basis: ViewerBasis;
  /** When the viewer's right was last checked (connect, recheck). */
  checkedAt: string;
  places: Places;
}

interface Places {
  sessionId: string;
  slot: number;
  viewerKey: string;
  viewerSlot: number;
  address: string;
  addressSlot: number;
}

/** A socket as the viewer index lists it (revocations). */
export interface ViewerSocket {
  connectionId: string;
  sessionId: string;
  teamId: string;
}

/** Place taking is retried this often when another connect took the same place meanwhile. */
const PLACE_TRIES = 8;

const FREE = 'attribute_not_exists(PK) OR expiresAt < :now';

export class RotationSockets {
  constructor(
    private readonly store: Store,
    private readonly limits: SocketLimits = SOCKET_LIMITS,
  ) {}

  private get table() {
    return this.store.tableName;
  }

  /** The session's live sockets (places not expired): one Query of at most `perBoard` items. */
  async list(sessionId: string, now: Date): Promise<StoredSocket[]> {
    const out = await this.store.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :slot)',
        ExpressionAttributeValues: { ':pk': key.rotationSocket(sessionId, 0).PK, ':slot': 'SLOT#' },
        Limit: this.limits.perBoard,
      }),
    );
    const nowSeconds = epochSeconds(now);
    return (out.Items ?? [])
      .map((item) => rotationSocketCodec.decode(item))
      .filter((item) => item.expiresAt > nowSeconds)
      .map(storedSocket);
  }

  /**
   * Takes the socket's three places and stores it (one transaction), or refuses with 429
   * (`RATE_LIMITED`) when the board, the viewer on it or the address has none free.
   */
  async open(
    socket: { connectionId: string; sessionId: string; teamId: string; address: string } & ViewerStanding,
    now: Date,
  ): Promise<void> {
    const vKey = viewerKey(socket.viewer);
    const nowSeconds = epochSeconds(now);
    const expiresAt = nowSeconds + SOCKET_PLACE_SECONDS;
    for (let attempt = 0; attempt < PLACE_TRIES; attempt++) {
      const [boardTaken, viewerTaken, addressTaken] = await Promise.all([
        this.taken(
          rotationSocketCodec,
          key.rotationSocket(socket.sessionId, 0).PK,
          'SLOT#',
          nowSeconds,
          this.limits.perBoard,
        ),
        this.taken(
          rotationViewerSocketCodec,
          key.rotationViewerSocket(vKey, socket.sessionId, 0).PK,
          `SESSION#${socket.sessionId}#`,
          nowSeconds,
        ),
        this.taken(rotationAddressSocketCodec, key.rotationAddressSocket(socket.address, 0).PK, 'SLOT#', nowSeconds),
      ]);
      const { perBoard, playersPerBoard, perViewerPerBoard, perAddress } = this.limits;
      // Players only below `playersPerBoard`; admins and screens first above it.
      const slot =
        socket.viewer.kind === 'member'
          ? pick(range(0, playersPerBoard), boardTaken)
          : (pick(range(playersPerBoard, perBoard), boardTaken) ?? pick(range(0, playersPerBoard), boardTaken));
      const viewerSlot = pick(range(0, perViewerPerBoard), viewerTaken);
      const addressSlot = pick(range(0, perAddress), addressTaken);
      if (slot === null || viewerSlot === null || addressSlot === null) throw new DomainError('RATE_LIMITED');

      const places: Places = {
        sessionId: socket.sessionId,
        slot,
        viewerKey: vKey,
        viewerSlot,
        address: socket.address,
        addressSlot,
      };
      const common = { connectionId: socket.connectionId, sessionId: socket.sessionId, expiresAt, ttl: expiresAt };
      const at = now.toISOString();
      const condition = { ConditionExpression: FREE, ExpressionAttributeValues: { ':now': nowSeconds } };
      const tx = new Transaction(this.table)
        .put('board', {
          Item: rotationSocketCodec.encode({
            type: 'rotationSocket',
            ...common,
            teamId: socket.teamId,
            kind: socket.viewer.kind,
            viewer: socket.viewer,
            basis: socket.basis,
            connectedAt: at,
            checkedAt: at,
            places,
          }),
          ...condition,
        })
        .put('viewer', {
          Item: rotationViewerSocketCodec.encode(
            { type: 'rotationViewerSocket', ...common, teamId: socket.teamId },
            vKey,
            viewerSlot,
          ),
          ...condition,
        })
        .put('address', {
          Item: rotationAddressSocketCodec.encode(
            { type: 'rotationAddressSocket', ...common },
            socket.address,
            addressSlot,
          ),
          ...condition,
        })
        .put('owner', {
          Item: rotationSocketOwnerCodec.encode(
            { type: 'rotationSocketOwner', places, ttl: expiresAt },
            socket.connectionId,
          ),
        });
      try {
        await runTransaction(this.store, tx);
        return;
      } catch (error) {
        // Another connect took one of these places meanwhile: look again.
        if (!(error instanceof TransactionRefusedError)) throw error;
      }
    }
    throw new DomainError('RATE_LIMITED');
  }

  /**
   * Numbers of the places under `pk` that are taken (not expired). Whole items, each checked by
   * its codec: a place item is small, so a projection would read (and cost) the same.
   */
  private async taken(
    codec: ReadCodec<{ expiresAt: number }>,
    pk: string,
    prefix: string,
    nowSeconds: number,
    limit?: number,
  ): Promise<Set<number>> {
    const out = await this.store.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    const numbers = new Set<number>();
    for (const item of out.Items ?? []) {
      const sk = String(item.SK);
      if (codec.decode(item).expiresAt > nowSeconds) numbers.add(Number(sk.slice(sk.lastIndexOf('#') + 1)));
    }
    return numbers;
  }

  /** `$disconnect`: GetItem of the owner item, then the socket's places are freed. Answers its session. */
  async close(connectionId: string): Promise<string | null> {
    const out = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: key.rotationSocketOwner(connectionId), ConsistentRead: true }),
    );
    const places = rotationSocketOwnerCodec.decodeOrNull(out.Item)?.places;
    if (!places) return null;
    await this.forget(connectionId, places);
    return places.sessionId;
  }

  /**
   * Frees a socket's places (a disconnect, a gone or closed socket): four DeleteItems, each place
   * only while this connection still holds it (an expired place may belong to a newer socket).
   */
  async forget(connectionId: string, places: Places): Promise<void> {
    const own = { ConditionExpression: 'connectionId = :c', ExpressionAttributeValues: { ':c': connectionId } };
    const keys = [
      key.rotationSocket(places.sessionId, places.slot),
      key.rotationViewerSocket(places.viewerKey, places.sessionId, places.viewerSlot),
      key.rotationAddressSocket(places.address, places.addressSlot),
    ];
    await Promise.all([
      ...keys.map((Key) =>
        this.store.doc.send(new DeleteCommand({ TableName: this.table, Key, ...own })).catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        }),
      ),
      this.store.doc.send(new DeleteCommand({ TableName: this.table, Key: key.rotationSocketOwner(connectionId) })),
    ]);
  }

  /** A viewer's live sockets on every board (a revocation): one Query of their partition. */
  async ofViewer(viewer: string, now: Date): Promise<ViewerSocket[]> {
    const out = await this.store.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': key.rotationViewerSocket(viewer, '', 0).PK },
      }),
    );
    const nowSeconds = epochSeconds(now);
    return (out.Items ?? [])
      .map((item) => rotationViewerSocketCodec.decode(item))
      .filter((item) => item.expiresAt > nowSeconds)
      .map(({ connectionId, sessionId, teamId }) => ({ connectionId, sessionId, teamId }));
  }

  /** The socket of a connection with its places, from its owner item (one GetItem), or null. */
  async get(connectionId: string): Promise<StoredSocket | null> {
    const owner = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: key.rotationSocketOwner(connectionId), ConsistentRead: true }),
    );
    const places = rotationSocketOwnerCodec.decodeOrNull(owner.Item)?.places;
    if (!places) return null;
    const out = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: key.rotationSocket(places.sessionId, places.slot) }),
    );
    const item = rotationSocketCodec.decodeOrNull(out.Item);
    return item?.connectionId === connectionId ? storedSocket(item) : null;
  }

  /** Records a passed recheck on the socket's place (only while this connection holds it). */
  async markChecked(socket: StoredSocket, basis: ViewerBasis, now: Date): Promise<void> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key.rotationSocket(socket.places.sessionId, socket.places.slot),
          UpdateExpression: 'SET basis = :basis, checkedAt = :now',
          ConditionExpression: 'connectionId = :c',
          ExpressionAttributeValues: { ':basis': basis, ':now': now.toISOString(), ':c': socket.connectionId },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** A board place as the functions use it: the socket, its viewer, right and places. */
const storedSocket = ({
  connectionId,
  sessionId,
  teamId,
  kind,
  viewer,
  basis,
  checkedAt,
  places,
}: StoredSocket): StoredSocket => ({ connectionId, sessionId, teamId, kind, viewer, basis, checkedAt, places });

const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** A free place at random (so simultaneous connects seldom pick the same), or null when none is free. */
function pick(places: number[], taken: Set<number>): number | null {
  const free = places.filter((n) => !taken.has(n));
  return free.length === 0 ? null : free[Math.floor(Math.random() * free.length)]!;
}
