import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { RotationAdminBoard, RotationBoard } from '@shuttle/shared';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key } from '../../functions/src/db/keys.ts';
import { broadcastStream, type PostToSocket } from '../../functions/src/rotation/live.ts';
import {
  MAX_SOCKETS_PER_SESSION,
  ROTATION_SOCKET_TTL_SECONDS,
  RotationSockets,
} from '../../functions/src/rotation/socket-repository.ts';
import { socketRoutes } from '../../functions/src/rotation/sockets.ts';
import { storeViewerChecks } from '../../functions/src/rotation/viewers.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/**
 * The live board on AWS (docs/ON-COURT.md, "Live") against DynamoDB Local: `$connect` /
 * `$disconnect` of the WebSocket API and the stream broadcaster, with a fake PostToConnection.
 */
let h: AdminHarness;
let token: string;
let sockets: RotationSockets;
let routes: ReturnType<typeof socketRoutes>;
const ORIGIN = 'edge-secret-value';

beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('live-aws@example.com', '即時排點隊'));
  sockets = new RotationSockets(h.deps.store);
  routes = socketRoutes({
    sockets,
    checks: storeViewerChecks({ store: h.deps.store, tokens: h.deps.tokens, clock: h.clock, ids: h.deps.ids }),
    clock: h.clock,
    originSecrets: async () => [ORIGIN],
  });
});
afterAll(() => h.close());

/** A session with `count` players booked and checked in, and its board opened on one court. */
async function openBoard(count: number, prefix: string) {
  const session = await h.newSession(token, { capacity: count + 2, startsInHours: 1 });
  const players = await h.players(count, prefix);
  for (const p of players) expect((await h.join(p.token, session.id)).status).toBe(200);
  for (const p of players) {
    h.clock.advance(1000);
    await h.ok('signed/signed', { sessionId: session.id, userId: p.userId, attendance: 'attended' }, token);
  }
  const { board } = await h.ok<{ board: RotationAdminBoard }>(
    'rotation/setup',
    { sessionId: session.id, courts: [1], mode: 'doubles', rule: 'balanced' },
    token,
  );
  return { sessionId: session.id, players, board };
}

const connect = (connectionId: string, query: Record<string, string>, headers = { 'X-Origin-Verify': ORIGIN }) =>
  routes({ requestContext: { routeKey: '$connect', connectionId }, queryStringParameters: query, headers });

const ownerOf = async (connectionId: string) =>
  (
    await h.deps.store.doc.send(
      new GetCommand({ TableName: h.deps.store.tableName, Key: key.rotationSocketOwner(connectionId) }),
    )
  ).Item;

/** The board item's stream record as Lambda gets it (the real item, marshalled). */
async function boardRecord(sessionId: string, sequence: string): Promise<DynamoDBRecord> {
  const { Item } = await h.deps.store.doc.send(
    new GetCommand({ TableName: h.deps.store.tableName, Key: key.rotation(sessionId) }),
  );
  return {
    eventName: 'MODIFY',
    dynamodb: {
      Keys: marshall(key.rotation(sessionId)) as never,
      NewImage: marshall(Item!, { removeUndefinedValues: true }) as never,
      SequenceNumber: sequence,
    },
  };
}

/** A fake PostToConnection: records what each connection got; `gone` ones answer 410, `broken` ones throw. */
function fakeSockets(gone: string[] = [], broken: string[] = []) {
  const got = new Map<string, (RotationBoard & { screenToken?: string })[]>();
  const post: PostToSocket = async (connectionId, data) => {
    if (broken.includes(connectionId)) throw new Error('throttled');
    if (gone.includes(connectionId)) return 'gone';
    got.set(connectionId, [...(got.get(connectionId) ?? []), JSON.parse(data)]);
    return 'sent';
  };
  return { got, post };
}

describe('rotation board WebSocket API ($connect, $disconnect)', () => {
  it('refuses, before storing anything, callers without the origin header, a token, or a right to the board', async () => {
    const { sessionId, board } = await openBoard(4, 'refuse');
    const [outsider] = await h.players(1, 'stranger');
    const other = await h.adminWithTeam('other-live@example.com');

    expect(await connect('c-no-origin', { sessionId, token }, { 'X-Origin-Verify': 'forged' })).toEqual({
      statusCode: 403,
    });
    expect((await connect('c-no-token', { sessionId })).statusCode).toBe(401);
    expect((await connect('c-bad-token', { sessionId, token: 'not-a-token' })).statusCode).toBe(401);
    expect((await connect('c-outsider', { sessionId, token: outsider!.token })).statusCode).toBe(403);
    expect((await connect('c-other-admin', { sessionId, token: other.token })).statusCode).toBe(403);
    // A screen token opens its own board only.
    const second = await openBoard(4, 'second');
    expect(
      (await connect('c-wrong-screen', { sessionId: second.sessionId, token: board.screenToken })).statusCode,
    ).toBe(401);
    // A session without a board.
    const bare = await h.newSession(token, { startsInHours: 1 });
    expect((await connect('c-no-board', { sessionId: bare.id, token })).statusCode).toBe(404);

    // Nothing of the refused connects was stored: no socket item, no owner item.
    expect((await h.snapshot()).filter((i) => String(i.PK).startsWith('ROTWS'))).toEqual([]);
  });

  it('stores each viewer with its kind and a 4 h TTL; $disconnect deletes it', async () => {
    const { sessionId, players, board } = await openBoard(4, 'store');
    expect(await connect('s-admin', { sessionId, token })).toEqual({ statusCode: 200 });
    expect(await connect('s-player', { sessionId, token: players[0]!.token })).toEqual({ statusCode: 200 });
    expect(await connect('s-screen', { sessionId, token: board.screenToken })).toEqual({ statusCode: 200 });

    const stored = await sockets.list(sessionId);
    expect(stored.sort((a, b) => a.connectionId.localeCompare(b.connectionId))).toEqual([
      { connectionId: 's-admin', kind: 'admin' },
      { connectionId: 's-player', kind: 'member' },
      { connectionId: 's-screen', kind: 'screen' },
    ]);
    const owner = await ownerOf('s-player');
    expect(owner?.sessionId).toBe(sessionId);
    expect(owner?.ttl).toBe(Math.floor(h.clock.now().getTime() / 1000) + ROTATION_SOCKET_TTL_SECONDS);

    expect(await routes({ requestContext: { routeKey: '$disconnect', connectionId: 's-player' } })).toEqual({
      statusCode: 200,
    });
    expect((await sockets.list(sessionId)).map((s) => s.connectionId).sort()).toEqual(['s-admin', 's-screen']);
    expect(await ownerOf('s-player')).toBeUndefined();
    // A disconnect of an unknown (or already forgotten) connection changes nothing.
    expect((await routes({ requestContext: { routeKey: '$disconnect', connectionId: 's-player' } })).statusCode).toBe(
      200,
    );
  });

  it(`refuses the viewer after ${MAX_SOCKETS_PER_SESSION} with 429, storing nothing`, async () => {
    const { sessionId } = await openBoard(4, 'full');
    const items = Array.from({ length: MAX_SOCKETS_PER_SESSION }, (_, i) => ({
      ...key.rotationSocket(sessionId, `full-${i}`),
      type: 'rotationSocket',
      sessionId,
      connectionId: `full-${i}`,
      kind: 'member',
      connectedAt: h.clock.now().toISOString(),
      ttl: Math.floor(h.clock.now().getTime() / 1000) + ROTATION_SOCKET_TTL_SECONDS,
    }));
    for (let i = 0; i < items.length; i += 25) {
      await h.deps.store.doc.send(
        new BatchWriteCommand({
          RequestItems: { [h.deps.store.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }
    expect((await connect('one-too-many', { sessionId, token })).statusCode).toBe(429);
    expect(await ownerOf('one-too-many')).toBeUndefined();
    expect(await sockets.list(sessionId)).toHaveLength(MAX_SOCKETS_PER_SESSION);
  });
});

describe('rotation board broadcaster (table stream)', () => {
  it('posts the new board to every socket in its view, once per session, and deletes gone sockets', async () => {
    const { sessionId, players, board } = await openBoard(6, 'cast');
    await connect('b-admin', { sessionId, token });
    await connect('b-player', { sessionId, token: players[0]!.token });
    await connect('b-screen', { sessionId, token: board.screenToken });
    await connect('b-gone', { sessionId, token: players[1]!.token });

    const older = await boardRecord(sessionId, '100');
    await h.ok('rotation/startNext', { sessionId, court: 1 }, token);
    const newer = await boardRecord(sessionId, '101');
    const outbox: DynamoDBRecord = {
      eventName: 'INSERT',
      dynamodb: { Keys: marshall({ PK: 'OUTBOX#x', SK: 'OUTBOX' }) as never, SequenceNumber: '102' },
    };
    const fake = fakeSockets(['b-gone']);
    const { result, commands } = await h.record(() => broadcastStream([older, newer, outbox], sockets, fake.post));
    expect(result.batchItemFailures).toEqual([]);

    // Each live socket got the newest board once; the one started game is on court 1.
    for (const id of ['b-admin', 'b-player', 'b-screen']) {
      expect(fake.got.get(id)).toHaveLength(1);
      expect(fake.got.get(id)![0]!.version).toBe(board.version + 1);
      expect(fake.got.get(id)![0]!.courts[0]!.game).not.toBeNull();
    }
    // Admins get the admin view (with the screen token); players and the screen names only.
    expect(fake.got.get('b-admin')![0]!.screenToken).toBe(board.screenToken);
    expect(fake.got.get('b-player')![0]).not.toHaveProperty('screenToken');
    expect(fake.got.get('b-screen')![0]).not.toHaveProperty('screenToken');
    // The gone socket is deleted with its owner item.
    expect((await sockets.list(sessionId)).map((s) => s.connectionId).sort()).toEqual([
      'b-admin',
      'b-player',
      'b-screen',
    ]);
    expect(await ownerOf('b-gone')).toBeUndefined();
    // One Query reads the session's sockets; the only writes are the gone socket's deletes.
    expect(commands.filter((c) => c.name === 'QueryCommand')).toHaveLength(1);
    expect(commands.filter((c) => c.name !== 'QueryCommand').map((c) => c.name)).toEqual(['BatchWriteItemCommand']);
  });

  it('reports the session records as failed when a post fails, after posting to the others', async () => {
    const { sessionId, players } = await openBoard(4, 'fail');
    await connect('f-admin', { sessionId, token });
    await connect('f-player', { sessionId, token: players[0]!.token });
    const fake = fakeSockets([], ['f-player']);
    const result = await broadcastStream([await boardRecord(sessionId, '7')], sockets, fake.post);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '7' }]);
    expect(fake.got.get('f-admin')).toHaveLength(1);
    // A failed post is not a gone socket: it stays.
    expect(await sockets.list(sessionId)).toHaveLength(2);
  });
});
