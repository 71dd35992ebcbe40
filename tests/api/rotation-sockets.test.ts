import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeViewerChecks } from '../../functions/src/app/viewer-checks.ts';
import { key } from '../../functions/src/db/keys.ts';
import { RateLimitedError } from '../../functions/src/platform/rate-limit.ts';
import { SOCKET_LIMITS, SOCKET_PLACE_SECONDS } from '../../functions/src/rotation/socket-limits.ts';
import { RotationSockets } from '../../functions/src/rotation/socket-repository.ts';
import { socketRoutes } from '../../functions/src/rotation/sockets.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { connector as connectTo, openBoard } from './rotation-fixtures.ts';

/**
 * The live board's `$connect` / `$disconnect` on AWS (docs/ON-COURT.md, "Live") against
 * DynamoDB Local: who may open a socket, what is stored of them, and the places that bound
 * sockets per board, viewer and address (rotation/socket-repository.ts). The broadcaster and the
 * revocations: rotation-broadcast.test.ts.
 */
let h: AdminHarness;
let token: string;
let adminId: string;
const ORIGIN = 'edge-secret-value';

beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, adminId } = await h.adminWithTeam('live-aws@example.com', '即時排點隊'));
});
afterAll(() => h.close());

const routesWith = (sockets: RotationSockets, rateLimit?: (address: string) => Promise<void>) =>
  socketRoutes({
    sockets,
    checks: storeViewerChecks({ store: h.deps.store, tokens: h.deps.tokens, clock: h.clock, ids: h.deps.ids }),
    clock: h.clock,
    originSecrets: async () => [ORIGIN],
    rateLimit,
  });

const connector = (routes: ReturnType<typeof socketRoutes>) => connectTo(routes, ORIGIN);

const ownerOf = async (connectionId: string) =>
  (
    await h.deps.store.doc.send(
      new GetCommand({ TableName: h.deps.store.tableName, Key: key.rotationSocketOwner(connectionId) }),
    )
  ).Item;

const liveItems = async () => (await h.snapshot()).filter((i) => String(i.PK).startsWith('ROTWS'));

describe('rotation board WebSocket API ($connect, $disconnect)', () => {
  it('refuses, before storing anything, callers without the origin header, a token, or a right to the board', async () => {
    const sockets = new RotationSockets(h.deps.store);
    const connect = connector(routesWith(sockets));
    const { sessionId, board } = await openBoard(h, token, 'refuse');
    const [outsider] = await h.players(1, 'stranger');
    const other = await h.adminWithTeam('other-live@example.com');
    const before = await liveItems();

    expect(await connect('c-no-origin', { sessionId, token }, { origin: 'forged' })).toEqual({ statusCode: 403 });
    expect((await connect('c-no-token', { sessionId })).statusCode).toBe(401);
    expect((await connect('c-bad-token', { sessionId, token: 'not-a-token' })).statusCode).toBe(401);
    expect((await connect('c-outsider', { sessionId, token: outsider!.token })).statusCode).toBe(403);
    expect((await connect('c-other-admin', { sessionId, token: other.token })).statusCode).toBe(403);
    // A screen token opens its own board only.
    const second = await openBoard(h, token, 'second');
    expect(
      (await connect('c-wrong-screen', { sessionId: second.sessionId, token: board.screenToken })).statusCode,
    ).toBe(401);
    // A session without a board.
    const bare = await h.newSession(token, { startsInHours: 1 });
    expect((await connect('c-no-board', { sessionId: bare.id, token })).statusCode).toBe(404);
    // An address past its `liveConnect` bucket, before any token is looked at.
    const limited = connector(
      routesWith(sockets, async (address) => {
        if (address === '203.0.113.66') throw new RateLimitedError(30);
      }),
    );
    expect((await limited('c-flood', { sessionId, token }, { address: '203.0.113.66' })).statusCode).toBe(429);

    // Nothing of the refused connects was stored.
    expect(await liveItems()).toEqual(before);
  });

  it('stores who opened each socket (never the token) with its right, and $disconnect frees its places', async () => {
    const sockets = new RotationSockets(h.deps.store);
    const routes = routesWith(sockets);
    const connect = connector(routes);
    const { sessionId, players, bookers, board } = await openBoard(h, token, 'store', { booked: 1 });
    expect(await connect('s-admin', { sessionId, token })).toEqual({ statusCode: 200 });
    expect(await connect('s-player', { sessionId, token: players[0]!.token })).toEqual({ statusCode: 200 });
    expect(await connect('s-booker', { sessionId, token: bookers[0]!.token })).toEqual({ statusCode: 200 });
    expect(await connect('s-screen', { sessionId, token: board.screenToken })).toEqual({ statusCode: 200 });

    const stored = new Map((await sockets.list(sessionId, h.clock.now())).map((s) => [s.connectionId, s]));
    expect(stored.get('s-admin')).toMatchObject({ kind: 'admin', basis: 'admin', viewer: { kind: 'admin', adminId } });
    expect(stored.get('s-player')).toMatchObject({
      basis: 'board',
      viewer: { kind: 'member', userId: players[0]!.userId },
    });
    expect(stored.get('s-booker')).toMatchObject({
      basis: 'booking',
      viewer: { kind: 'member', userId: bookers[0]!.userId },
    });
    expect(stored.get('s-screen')).toMatchObject({ basis: 'screen', viewer: { kind: 'screen' } });
    // Admins take the places kept for them and the screen, players the others.
    expect(stored.get('s-admin')!.places.slot).toBeGreaterThanOrEqual(SOCKET_LIMITS.playersPerBoard);
    expect(stored.get('s-player')!.places.slot).toBeLessThan(SOCKET_LIMITS.playersPerBoard);
    // No token is stored: neither the screen token nor any bearer token.
    const items = JSON.stringify(await liveItems());
    for (const secret of [board.screenToken, token, players[0]!.token]) expect(items).not.toContain(secret);

    const owner = await ownerOf('s-player');
    expect(owner?.places.sessionId).toBe(sessionId);
    expect(owner?.ttl).toBe(Math.floor(h.clock.now().getTime() / 1000) + SOCKET_PLACE_SECONDS);

    expect(await routes({ requestContext: { routeKey: '$disconnect', connectionId: 's-player' } })).toEqual({
      statusCode: 200,
    });
    expect((await sockets.list(sessionId, h.clock.now())).map((s) => s.connectionId).sort()).toEqual([
      's-admin',
      's-booker',
      's-screen',
    ]);
    expect(await ownerOf('s-player')).toBeUndefined();
    expect(JSON.stringify(await liveItems())).not.toContain('"s-player"');
    // A disconnect of an unknown (or already forgotten) connection changes nothing.
    const left = await liveItems();
    expect((await routes({ requestContext: { routeKey: '$disconnect', connectionId: 's-player' } })).statusCode).toBe(
      200,
    );
    expect(await liveItems()).toEqual(left);
  });

  it("refuses a player's fourth socket on one board and an address's 21st, storing nothing for them", async () => {
    const sockets = new RotationSockets(h.deps.store);
    const connect = connector(routesWith(sockets));
    const { sessionId, players, board } = await openBoard(h, token, 'caps', { checkedIn: 8 });
    const [one] = players;
    for (const n of [1, 2, 3]) {
      expect(
        (await connect(`p1-${n}`, { sessionId, token: one!.token }, { address: `198.51.100.${n}` })).statusCode,
      ).toBe(200);
    }
    expect((await connect('p1-4', { sessionId, token: one!.token }, { address: '198.51.100.4' })).statusCode).toBe(429);
    expect(await ownerOf('p1-4')).toBeUndefined();

    // One address: 20 sockets of seven players (three each, the last one two), then none.
    const address = '203.0.113.20';
    let opened = 0;
    for (const p of players.slice(1)) {
      for (const n of [1, 2, 3]) {
        if (opened === SOCKET_LIMITS.perAddress) break;
        expect((await connect(`a-${p.userId}-${n}`, { sessionId, token: p.token }, { address })).statusCode).toBe(200);
        opened++;
      }
    }
    expect(opened).toBe(20);
    expect((await connect('a-21st', { sessionId, token: board.screenToken }, { address })).statusCode).toBe(429);
    expect(await ownerOf('a-21st')).toBeUndefined();

    // An IPv6 address counts by its /64: every address of one /64 is one client.
    const v6 = await openBoard(h, token, 'caps6', { checkedIn: 7 });
    let n = 0;
    for (const p of v6.players) {
      for (const k of [1, 2, 3]) {
        const answer = await connect(
          `v6-${p.userId}-${k}`,
          { sessionId: v6.sessionId, token: p.token },
          {
            address: `2001:db8:1:2::${++n}`,
          },
        );
        expect(answer.statusCode, `socket ${n}`).toBe(n <= SOCKET_LIMITS.perAddress ? 200 : 429);
      }
    }
  });

  it('never lets simultaneous connects pass the players cap, and keeps places for the admins and the screen', async () => {
    const limits = { perBoard: 8, playersPerBoard: 6, perViewerPerBoard: 3, perAddress: 100 };
    const sockets = new RotationSockets(h.deps.store, limits);
    const connect = connector(routesWith(sockets));
    const { sessionId, bookers, board } = await openBoard(h, token, 'race', { checkedIn: 0, booked: 16 });
    // 16 players, two sockets each, all at once from different addresses.
    const answers = await Promise.all(
      bookers.flatMap((p, i) =>
        [0, 1].map((n) => connect(`r-${i}-${n}`, { sessionId, token: p.token }, { address: `192.0.2.${i * 2 + n}` })),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    expect(accepted).toBe(limits.playersPerBoard);
    expect(await sockets.list(sessionId, h.clock.now())).toHaveLength(limits.playersPerBoard);
    // The places above the players' stay for the team's admins and the venue screen.
    expect((await connect('r-admin', { sessionId, token })).statusCode).toBe(200);
    expect((await connect('r-screen', { sessionId, token: board.screenToken })).statusCode).toBe(200);
    // Now the board is full for everyone.
    expect((await connect('r-full', { sessionId, token }, { address: '192.0.2.200' })).statusCode).toBe(429);
  });

  it('gives a place back once it has expired, when its $disconnect never came', async () => {
    const sockets = new RotationSockets(h.deps.store);
    const connect = connector(routesWith(sockets));
    const { sessionId, players } = await openBoard(h, token, 'lost');
    for (const n of [1, 2, 3])
      expect((await connect(`l-${n}`, { sessionId, token: players[0]!.token })).statusCode).toBe(200);
    expect((await connect('l-4', { sessionId, token: players[0]!.token })).statusCode).toBe(429);
    // API Gateway ends every connection within 2 hours: past the place's time, the dead ones count no more.
    await h.later(SOCKET_PLACE_SECONDS * 1000 + 1000, async () => {
      const fresh = await h.login(players[0]!.sub);
      expect((await connect('l-5', { sessionId, token: fresh })).statusCode).toBe(200);
      expect((await sockets.list(sessionId, h.clock.now())).map((s) => s.connectionId)).toEqual(['l-5']);
      // Freeing a dead socket later leaves the place it lost to the newer one alone.
      const dead = await ownerOf('l-1');
      expect(dead?.places.sessionId).toBe(sessionId);
      await sockets.forget('l-1', dead!.places);
      expect((await sockets.list(sessionId, h.clock.now())).map((s) => s.connectionId)).toEqual(['l-5']);
    });
  });

  it('keeps the places of another board apart (a stored place of an unrelated item is never counted)', async () => {
    const sockets = new RotationSockets(h.deps.store);
    const connect = connector(routesWith(sockets));
    const { sessionId, players } = await openBoard(h, token, 'apart');
    // A foreign item in the board's partition that is not a place.
    await h.deps.store.doc.send(
      new PutCommand({
        TableName: h.deps.store.tableName,
        Item: { PK: `ROTWS#${sessionId}`, SK: 'NOTE', expiresAt: 9e9 },
      }),
    );
    expect((await connect('ap-1', { sessionId, token: players[0]!.token })).statusCode).toBe(200);
    expect((await sockets.list(sessionId, h.clock.now())).map((s) => s.connectionId)).toEqual(['ap-1']);
  });
});
