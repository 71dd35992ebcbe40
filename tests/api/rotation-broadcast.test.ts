import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeViewerChecks } from '../../functions/src/app/viewer-checks.ts';
import { adminKey, key } from '../../functions/src/db/keys.ts';
import { broadcastStream, type LiveDeps } from '../../functions/src/rotation/live.ts';
import { RotationSockets } from '../../functions/src/rotation/socket-repository.ts';
import { managementTransport } from '../../functions/src/rotation/socket-transport.ts';
import { socketRoutes } from '../../functions/src/rotation/sockets.ts';
import { ROTATION_LIVE_FILTERS } from '../../functions/src/rotation/stream-filter.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { type ManagementApiStub, startManagementApiStub } from '../support/management-api-stub.ts';
import { coAdmin, connector, openBoard, passesFilter } from './rotation-fixtures.ts';

/**
 * The live board's stream function on AWS (docs/ON-COURT.md, "Live") against DynamoDB Local,
 * with API Gateway's management API stubbed at the request level: the real
 * ApiGatewayManagementApiClient sends `POST` / `DELETE /@connections/<id>` to a loopback stand-in.
 * Each viewer is sent only the view their right allows; a socket whose right ended is closed
 * (`DeleteConnection`) at the stream record of the change that ended it.
 */
let h: AdminHarness;
let stub: ManagementApiStub;
let token: string;
let teamId: string;
let sockets: RotationSockets;
let deps: LiveDeps;
let connect: ReturnType<typeof connector>;
const ORIGIN = 'edge-secret-value';

beforeAll(async () => {
  h = await createAdminHarness();
  stub = await startManagementApiStub();
  ({ token, teamId } = await h.adminWithTeam('broadcast@example.com', '廣播隊'));
  sockets = new RotationSockets(h.deps.store);
  const checks = storeViewerChecks({ store: h.deps.store, tokens: h.deps.tokens, clock: h.clock, ids: h.deps.ids });
  // The stream function holds no token secret: it checks recorded viewers only.
  deps = {
    sockets,
    transport: managementTransport(stub.client),
    checks: storeViewerChecks({ store: h.deps.store, tokens: null, clock: h.clock, ids: h.deps.ids }),
    clock: h.clock,
  };
  connect = connector(socketRoutes({ sockets, checks, clock: h.clock, originSecrets: async () => [ORIGIN] }), ORIGIN);
});
afterAll(async () => {
  await stub?.close();
  await h?.close();
});

const get = async (k: { PK: string; SK: string }) =>
  (await h.deps.store.doc.send(new GetCommand({ TableName: h.deps.store.tableName, Key: k, ConsistentRead: true })))
    .Item;

let sequence = 0;
/** A stream record as Lambda gets it (images marshalled; REMOVE carries only the old one). */
function record(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  keys: { PK: string; SK: string },
  images: { old?: Record<string, unknown>; new?: Record<string, unknown> },
): DynamoDBRecord {
  const image = (item?: Record<string, unknown>) =>
    item ? (marshall(item, { removeUndefinedValues: true, convertClassInstanceToMap: true }) as never) : undefined;
  return {
    eventName,
    dynamodb: {
      Keys: marshall(keys) as never,
      OldImage: image(images.old),
      NewImage: image(images.new),
      SequenceNumber: String(++sequence),
    },
  };
}

const boardRecord = async (sessionId: string) =>
  record('MODIFY', key.rotation(sessionId), { new: await get(key.rotation(sessionId)) });

/** What the mapping's filters let through, then the function: as on AWS. */
async function deliver(...records: DynamoDBRecord[]) {
  const passed = records.filter((r) => ROTATION_LIVE_FILTERS.some((f) => passesFilter(f, r)));
  return broadcastStream(passed, deps);
}

const live = async (sessionId: string) =>
  (await sockets.list(sessionId, h.clock.now())).map((s) => s.connectionId).sort();

describe('rotation board broadcaster: who gets what', () => {
  it('sends admins user ids and the screen token, players and the screen board ids and names only', async () => {
    const { sessionId, players, board } = await openBoard(h, token, 'cast', { checkedIn: 6 });
    for (const [id, t] of [
      ['b-admin', token],
      ['b-player', players[0]!.token],
      ['b-screen', board.screenToken],
      ['b-gone', players[1]!.token],
    ] as const) {
      expect((await connect(id, { sessionId, token: t })).statusCode).toBe(200);
    }
    stub.markGone('b-gone');

    const older = await boardRecord(sessionId);
    await h.ok('rotation/startNext', { sessionId, court: 1 }, token);
    const newer = await boardRecord(sessionId);
    const outbox = record('INSERT', { PK: 'OUTBOX#x', SK: 'OUTBOX' }, { new: { PK: 'OUTBOX#x', SK: 'OUTBOX' } });
    const { result, commands } = await h.record(() => deliver(older, newer, outbox));
    expect(result.batchItemFailures).toEqual([]);

    // Each live socket got the newest board once.
    for (const id of ['b-admin', 'b-player', 'b-screen']) {
      expect(stub.posts(id)).toHaveLength(1);
      expect(stub.posts(id)[0].version).toBe(board.version + 1);
      expect(stub.posts(id)[0].courts[0].game).not.toBeNull();
    }
    const admin = stub.posts('b-admin')[0];
    expect(admin.screenToken).toBe(board.screenToken);
    expect(admin.players.map((p: { userId: string }) => p.userId)).toContain(players[0]!.userId);
    for (const id of ['b-player', 'b-screen']) {
      const text = JSON.stringify(stub.posts(id)[0]);
      expect(text).not.toContain('line_');
      expect(text).not.toContain(board.screenToken);
      expect(stub.posts(id)[0].players[0]).not.toHaveProperty('userId');
    }
    // The gone socket (410) lost its places; nothing was closed.
    expect(await live(sessionId)).toEqual(['b-admin', 'b-player', 'b-screen']);
    expect(stub.deleted()).not.toContain('b-gone');
    // One Query of the session's sockets and no recheck (every right stands on this board); the
    // only writes free the gone socket's three places and its owner item.
    expect(commands.map((c) => c.name).sort()).toEqual([...Array(4).fill('DeleteItemCommand'), 'QueryCommand']);
  });

  it('reports the session records as failed when a post fails, after posting to the others', async () => {
    const { sessionId, players } = await openBoard(h, token, 'fail');
    await connect('f-admin', { sessionId, token });
    await connect('f-player', { sessionId, token: players[0]!.token });
    stub.markBroken('f-player');
    const boardWrite = await boardRecord(sessionId);
    const result = await deliver(boardWrite);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: boardWrite.dynamodb!.SequenceNumber }]);
    expect(stub.posts('f-admin')).toHaveLength(1);
    // A failed post is not a gone socket: it stays.
    expect(await live(sessionId)).toEqual(['f-admin', 'f-player']);
  });
});

describe('rotation board broadcaster: rights that end close their sockets', () => {
  it('closes the sockets of a screen token at the write that replaces it; the new token opens the board', async () => {
    const { sessionId, players, board } = await openBoard(h, token, 'rot');
    await connect('rs-screen', { sessionId, token: board.screenToken });
    await connect('rs-player', { sessionId, token: players[0]!.token });
    const { board: rotated } = await h.ok<{ board: { screenToken: string } }>(
      'rotation/rotateScreenToken',
      { sessionId },
      token,
    );
    await deliver(await boardRecord(sessionId));
    expect(stub.deleted()).toContain('rs-screen');
    expect(stub.posts('rs-screen')).toHaveLength(0);
    expect(stub.posts('rs-player')).toHaveLength(1);
    expect(await live(sessionId)).toEqual(['rs-player']);
    expect((await connect('rs-old', { sessionId, token: board.screenToken })).statusCode).toBe(401);
    expect((await connect('rs-new', { sessionId, token: rotated.screenToken })).statusCode).toBe(200);
  });

  it('closes a former helper whose only right was helping; a helper who still holds a booking keeps watching', async () => {
    const { sessionId, bookers } = await openBoard(h, token, 'help', { booked: 2 });
    const [onlyHelper, stillBooked] = bookers;
    await h.ok('rotation/setHelper', { sessionId, userId: onlyHelper!.userId }, token);
    expect((await connect('h-only', { sessionId, token: onlyHelper!.token })).statusCode).toBe(200);
    // The helper cancels their booking: helping still gives them the board.
    const before = await get(key.booking(sessionId, onlyHelper!.userId));
    expect((await h.call('checkState/booked/cancelBooked', { sessionId }, { token: onlyHelper!.token })).status).toBe(
      200,
    );
    const after = await get(key.booking(sessionId, onlyHelper!.userId));
    expect(
      (await deliver(record('MODIFY', key.booking(sessionId, onlyHelper!.userId), { old: before, new: after })))
        .batchItemFailures,
    ).toEqual([]);
    expect(stub.deleted()).not.toContain('h-only');

    // Another helper is named: the former one's socket closes at that board write.
    await h.ok('rotation/setHelper', { sessionId, userId: stillBooked!.userId }, token);
    expect((await connect('h-booked', { sessionId, token: stillBooked!.token })).statusCode).toBe(200);
    await deliver(await boardRecord(sessionId));
    expect(stub.deleted()).toContain('h-only');
    expect(await live(sessionId)).toEqual(['h-booked']);
    // The helper removed again keeps watching on their booking.
    await h.ok('rotation/setHelper', { sessionId, userId: null }, token);
    await deliver(await boardRecord(sessionId));
    expect(stub.deleted()).not.toContain('h-booked');
    expect(stub.posts('h-booked').length).toBeGreaterThanOrEqual(1);
  });

  it("closes a removed co-admin's sockets at the link's stream record, and leaves the owner's", async () => {
    const { sessionId } = await openBoard(h, token, 'coad');
    const co = await coAdmin(h, token, 'co-live@example.com');
    expect((await connect('ca-co', { sessionId, token: co.token })).statusCode).toBe(200);
    expect((await connect('ca-owner', { sessionId, token })).statusCode).toBe(200);
    const link = await get(adminKey.teamAdmin(teamId, co.adminId));
    await h.ok('setting/removeAdmin', { adminId: co.adminId }, token);
    const removal = record('REMOVE', adminKey.teamAdmin(teamId, co.adminId), { old: link });
    expect(ROTATION_LIVE_FILTERS.some((f) => passesFilter(f, removal))).toBe(true);
    expect((await deliver(removal)).batchItemFailures).toEqual([]);
    expect(stub.deleted()).toContain('ca-co');
    expect(stub.deleted()).not.toContain('ca-owner');
    expect(await live(sessionId)).toEqual(['ca-owner']);
  });

  it("closes a player's socket when their booking is cancelled, and every socket of a deleted account", async () => {
    const { sessionId, bookers } = await openBoard(h, token, 'cxl', { booked: 2 });
    const [canceller, leaver] = bookers;
    expect((await connect('cx-1', { sessionId, token: canceller!.token })).statusCode).toBe(200);
    expect((await connect('cx-2', { sessionId, token: leaver!.token })).statusCode).toBe(200);
    const other = await openBoard(h, token, 'cxl2', { booked: 0 });
    await h.join(leaver!.token, other.sessionId);
    expect((await connect('cx-2b', { sessionId: other.sessionId, token: leaver!.token })).statusCode).toBe(200);

    const before = await get(key.booking(sessionId, canceller!.userId));
    await h.call('checkState/booked/cancelBooked', { sessionId }, { token: canceller!.token });
    const cancelled = record('MODIFY', key.booking(sessionId, canceller!.userId), {
      old: before,
      new: await get(key.booking(sessionId, canceller!.userId)),
    });
    await deliver(cancelled);
    expect(stub.deleted()).toContain('cx-1');
    expect(stub.deleted()).not.toContain('cx-2');

    // The other player cancels both bookings and deletes the account; only the profile's removal is delivered.
    for (const id of [sessionId, other.sessionId]) {
      expect((await h.call('checkState/booked/cancelBooked', { sessionId: id }, { token: leaver!.token })).status).toBe(
        200,
      );
    }
    const profile = await get(key.user(leaver!.userId));
    expect(
      (await h.call('checkState/account/delete', undefined, { token: leaver!.token, method: 'POST' })).status,
    ).toBe(200);
    await deliver(record('REMOVE', key.user(leaver!.userId), { old: profile }));
    expect(stub.deleted()).toEqual(expect.arrayContaining(['cx-2', 'cx-2b']));
    expect(await live(sessionId)).toEqual([]);
    expect(await live(other.sessionId)).toEqual([]);
  });

  it('checks a socket again before posting once its check is 10 minutes old (a lost revocation is caught)', async () => {
    const { sessionId, players } = await openBoard(h, token, 'stale');
    const co = await coAdmin(h, token, 'co-stale@example.com');
    expect((await connect('st-co', { sessionId, token: co.token })).statusCode).toBe(200);
    await h.ok('setting/removeAdmin', { adminId: co.adminId }, token);
    // The link's record never arrives; 11 minutes later a board write is posted.
    await h.later(11 * 60_000, async () => {
      await h.ok('rotation/setPlayer', { sessionId, userId: players[0]!.userId, state: 'resting' }, token);
      await deliver(await boardRecord(sessionId));
    });
    expect(stub.deleted()).toContain('st-co');
    expect(stub.posts('st-co')).toHaveLength(0);
  });

  it('lets only board writes and ended rights through the mapping filters', () => {
    const pass = (r: DynamoDBRecord) => ROTATION_LIVE_FILTERS.some((f) => passesFilter(f, r));
    const booking = key.booking('s1', 'line_U1');
    expect(pass(record('MODIFY', key.rotation('s1'), { new: { version: 2 } }))).toBe(true);
    expect(pass(record('MODIFY', booking, { old: { status: 'accepted' }, new: { status: 'cancelled' } }))).toBe(true);
    expect(pass(record('MODIFY', booking, { old: { status: 'accepted' }, new: { status: 'accepted' } }))).toBe(false);
    expect(pass(record('MODIFY', booking, { old: { status: 'waiting' }, new: { status: 'accepted' } }))).toBe(false);
    expect(pass(record('INSERT', booking, { new: { status: 'accepted' } }))).toBe(false);
    expect(pass(record('REMOVE', key.user('line_U1'), { old: {} }))).toBe(true);
    expect(pass(record('REMOVE', adminKey.admin('a1'), { old: {} }))).toBe(true);
    expect(pass(record('REMOVE', adminKey.teamAdmin('t1', 'a1'), { old: {} }))).toBe(true);
    expect(pass(record('MODIFY', adminKey.teamAdmin('t1', 'a1'), { old: {}, new: {} }))).toBe(false);
    expect(pass(record('REMOVE', key.team('t1'), { old: {} }))).toBe(false);
    expect(pass(record('INSERT', { PK: 'OUTBOX#x', SK: 'OUTBOX' }, { new: {} }))).toBe(false);
  });
});
