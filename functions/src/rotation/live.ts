import type { DynamoDBRecord } from 'aws-lambda';
import { rotationCodec } from '#db/codecs/rotation.ts';
import { decodeStreamImage } from '#db/stream.ts';
import type { Clock } from '#platform/clock.ts';
import type { RotationItem } from './repository.ts';
import { RECHECK_AFTER_MS } from './socket-limits.ts';
import type { RotationSockets, StoredSocket } from './socket-repository.ts';
import { isRotationBoardChange, type Revocation, revocationOf } from './stream-filter.ts';
import { adminView, publicView } from './view.ts';
import { audienceOf, type RotationViewerChecks, recheckViewer, standingAfter } from './viewers.ts';

/**
 * The live board on AWS (docs/ON-COURT.md, "Live"): the table's stream feeds one function that
 * posts every board write to the session's sockets, each the view its recorded viewer may see,
 * and closes the sockets whose right is gone: a replaced screen token or helper at the board
 * write itself, a removed admin link, a deleted account or a booking no longer accepted at that
 * item's stream record (stream-filter.ts), and any socket whose check is 10 minutes old before
 * it is sent anything. Same protocol as the local hub (`local/rotation-live.ts`): every message
 * is the JSON board with its `version`; clients send nothing.
 */

/** API Gateway's management API for the stage's connections (socket-transport.ts). */
export interface SocketTransport {
  /** PostToConnection: `gone` when API Gateway answers 410 (the socket closed without a `$disconnect` yet). */
  post: (connectionId: string, data: string) => Promise<'sent' | 'gone'>;
  /** DeleteConnection (a socket already gone is no failure); API Gateway then sends `$disconnect`. */
  close: (connectionId: string) => Promise<void>;
}

export interface LiveDeps {
  sockets: RotationSockets;
  transport: SocketTransport;
  checks: RotationViewerChecks;
  clock: Clock;
}

export interface BroadcastResult {
  sent: number;
  gone: number;
  closed: number;
  failed: number;
}

const stale = (checkedAt: string, now: Date) => now.getTime() - Date.parse(checkedAt) >= RECHECK_AFTER_MS;

/** Closes a socket whose right is gone: DeleteConnection, and its places freed at once. */
async function closeSocket(deps: LiveDeps, connectionId: string): Promise<void> {
  await deps.transport.close(connectionId);
  await deps.sockets.close(connectionId);
}

/**
 * Posts a board to every socket of its session, each the view of its viewer (admins: user ids
 * and screen token; players and screens: board ids and names). A socket whose right this write
 * ended, or whose right no longer holds when checked again, is closed instead. A failed post or
 * check (not a 410) is counted; the others still go.
 */
export async function broadcastBoard(deps: LiveDeps, item: RotationItem): Promise<BroadcastResult> {
  const now = deps.clock.now();
  const messages = { admin: JSON.stringify(adminView(item)), public: JSON.stringify(publicView(item)) };
  const result: BroadcastResult = { sent: 0, gone: 0, closed: 0, failed: 0 };
  await Promise.all(
    (await deps.sockets.list(item.sessionId, now)).map(async (socket) => {
      try {
        if (!(await stillMayWatch(deps, item, socket, now))) {
          await closeSocket(deps, socket.connectionId);
          result.closed++;
          return;
        }
        const outcome = await deps.transport.post(socket.connectionId, messages[audienceOf(socket.viewer)]);
        if (outcome === 'sent') result.sent++;
        else {
          result.gone++;
          await deps.sockets.forget(socket.connectionId, socket.places);
        }
      } catch {
        result.failed++;
      }
    }),
  );
  return result;
}

/** The board write's own verdict, or the whole check again when the write calls for it or the last is 10 minutes old. */
async function stillMayWatch(deps: LiveDeps, item: RotationItem, socket: StoredSocket, now: Date): Promise<boolean> {
  const verdict = standingAfter(item, socket);
  if (verdict === 'end') return false;
  if (verdict === 'keep' && !stale(socket.checkedAt, now)) return true;
  const basis = await recheckViewer(deps.checks, item, socket.viewer);
  if (basis) await deps.sockets.markChecked(socket, basis, now);
  return basis !== null;
}

/**
 * A right changed outside the board (stream-filter.ts): the viewer's sockets it concerns (one
 * Query of the viewer's places) are checked again, each against its board, and closed when
 * the right is gone. Answers how many were closed.
 */
export async function applyRevocation(deps: LiveDeps, revocation: Revocation): Promise<number> {
  const now = deps.clock.now();
  const concerned = (await deps.sockets.ofViewer(revocation.viewer, now)).filter(
    (s) =>
      (revocation.teamId === undefined || s.teamId === revocation.teamId) &&
      (revocation.sessionId === undefined || s.sessionId === revocation.sessionId),
  );
  let closed = 0;
  await Promise.all(
    concerned.map(async ({ connectionId, sessionId }) => {
      const socket = await deps.sockets.get(connectionId);
      if (!socket) return;
      const item = await deps.checks.board(sessionId).catch(() => null);
      const basis = item ? await recheckViewer(deps.checks, item, socket.viewer) : null;
      if (basis) {
        await deps.sockets.markChecked(socket, basis, now);
        return;
      }
      await closeSocket(deps, connectionId);
      closed++;
    }),
  );
  return closed;
}

/**
 * One batch of the table's stream (already filtered, stream-filter.ts): each session's newest
 * board is posted once (an older image in the same batch is superseded; views ignore older
 * versions anyway), and each revocation is applied. A session or revocation that failed reports
 * its records as failures, so the event source retries them (a repost is harmless: same
 * version; a second close finds nothing).
 */
export async function broadcastStream(
  records: DynamoDBRecord[],
  deps: LiveDeps,
): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const newest = new Map<string, { item: RotationItem; sequences: string[] }>();
  const revocations: { revocation: Revocation; sequence: string }[] = [];
  for (const record of records) {
    const sequence = record.dynamodb?.SequenceNumber ?? '';
    if (!isRotationBoardChange(record)) {
      const revocation = revocationOf(record);
      if (revocation) revocations.push({ revocation, sequence });
      continue;
    }
    const item = decodeStreamImage(rotationCodec, record.dynamodb?.NewImage);
    const seen = newest.get(item.sessionId);
    const sequences = [...(seen?.sequences ?? []), sequence];
    newest.set(item.sessionId, { item: !seen || item.version > seen.item.version ? item : seen.item, sequences });
  }
  const failures: { itemIdentifier: string }[] = [];
  const fail = (sequences: string[]) =>
    failures.push(...sequences.filter(Boolean).map((itemIdentifier) => ({ itemIdentifier })));
  for (const { item, sequences } of newest.values()) {
    const failed = await broadcastBoard(deps, item).then(
      (r) => r.failed > 0,
      () => true,
    );
    if (failed) fail(sequences);
  }
  for (const { revocation, sequence } of revocations) {
    await applyRevocation(deps, revocation).catch(() => fail([sequence]));
  }
  return { batchItemFailures: failures };
}
