import type { RotationAdminBoard, RotationBoard } from '@shuttle/shared';
import type { DynamoDBRecord } from 'aws-lambda';
import { rotationCodec } from '#db/codecs/rotation.ts';
import { decodeStreamImage } from '#db/stream.ts';
import type { RotationItem } from './repository.ts';
import type { RotationSockets } from './socket-repository.ts';
import { isRotationBoardChange } from './stream-filter.ts';
import { toBoard } from './view.ts';

/**
 * The live board on AWS (docs/ON-COURT.md, "Live"; TABLE.md, "Rotation"): the API Gateway
 * WebSocket API's connections stored per session, and the broadcast of every board write read
 * from the table's stream. Same protocol as the local hub (`local/rotation-live.ts`): every
 * message is the JSON board with its `version`; clients send nothing.
 */

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
    const item = decodeStreamImage(rotationCodec, record.dynamodb?.NewImage);
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
