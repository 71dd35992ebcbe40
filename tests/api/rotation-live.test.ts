import type { RotationAdminBoard, RotationBoard } from '@shuttle/shared';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAdminApi } from '../../functions/src/app/admin-api.ts';
import { adminServices } from '../../functions/src/app/admin-services.ts';
import type { RateLimitSettings } from '../../functions/src/app/limits.ts';
import { createMemberApi } from '../../functions/src/app/member-api.ts';
import { listenFirst } from '../../functions/src/local/listen.ts';
import {
  RIGHT_ENDED,
  RotationHub,
  type RotationHubOptions,
  rotationViewer,
} from '../../functions/src/local/rotation-live.ts';
import { SOCKET_LIMITS } from '../../functions/src/rotation/socket-limits.ts';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { coAdmin, openBoard } from './rotation-fixtures.ts';

/**
 * The live board locally (docs/ON-COURT.md, "Live"): real WebSockets on a real server serving
 * both APIs, as `npm start` does. A socket whose right ends closes within 5 s of the call that
 * ended it; sockets are bounded per viewer, address and board; upgrades count against the
 * `liveConnect` bucket.
 */
let h: AdminHarness;
let token: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('live-local@example.com', '即時本機隊'));
});
afterAll(() => h.close());

/** Both APIs and the hub on one loopback server, as the local server mounts them. */
async function liveServer(options: RotationHubOptions & { rateLimits?: RateLimitSettings } = {}) {
  const hub = new RotationHub(options);
  const deps = { ...h.deps, rotationPublisher: hub.publish, rateLimits: options.rateLimits ?? h.deps.rateLimits };
  const app = new Hono();
  app.route('/', createMemberApi(deps, { appBaseUrl: 'https://shuttle.test' }) as unknown as Hono);
  app.route('/', createAdminApi(deps, { appBaseUrl: 'https://shuttle.test' }) as unknown as Hono);
  const { server, port } = await listenFirst('127.0.0.1', { fetch: app.fetch });
  hub.attach(server, rotationViewer(adminServices(deps)));
  const sockets: WebSocket[] = [];
  const call = async (path: string, body: unknown, bearer: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data?: unknown; error?: string } };
  };
  return {
    /** A member call (`checkState/…`) or an admin call (`admin/…`) over HTTP. */
    call,
    /** Opens a socket: its first board and what it receives, or the status the upgrade was refused with. */
    open: (sessionId: string, bearer: string) =>
      new Promise<LiveSocket | number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/rotation?sessionId=${sessionId}&token=${bearer}`);
        sockets.push(ws);
        ws.on('error', () => undefined);
        const messages: (RotationBoard & Partial<RotationAdminBoard>)[] = [];
        const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
        ws.on('message', (data) => {
          messages.push(JSON.parse(String(data)));
          if (messages.length === 1) resolve({ ws, messages, closed });
        });
        ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      }),
    close: async () => {
      for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.terminate();
      hub.close();
      await new Promise((r) => server.close(r));
    },
  };
}

interface LiveSocket {
  ws: WebSocket;
  messages: (RotationBoard & Partial<RotationAdminBoard>)[];
  /** Resolves with the close code when the server closes the socket. */
  closed: Promise<number>;
}

function opened(socket: LiveSocket | number): LiveSocket {
  if (typeof socket === 'number') throw new Error(`socket refused with ${socket}`);
  return socket;
}

/** Waits for the server to close the socket; fails past 5 s. Answers the close code and the time it took. */
async function closesWithin5s(socket: LiveSocket, since: number): Promise<number> {
  const code = await Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket still open after 5 s')), 5000)),
  ]);
  expect(Date.now() - since).toBeLessThan(5000);
  return code;
}

/** Whether a socket is still open a moment after the change (the server had time to close it). */
const stillOpen = async (socket: LiveSocket) => {
  await new Promise((r) => setTimeout(r, 300));
  return socket.ws.readyState === WebSocket.OPEN;
};

describe('local live board: rights that end close their sockets within 5 s', () => {
  it('a socket opened with a screen token closes within 5 s of rotateScreenToken; admins and players go on', async () => {
    const live = await liveServer();
    try {
      const { sessionId, players, board } = await openBoard(h, token, 'lrot');
      const screen = opened(await live.open(sessionId, board.screenToken));
      const player = opened(await live.open(sessionId, players[0]!.token));
      const admin = opened(await live.open(sessionId, token));
      const started = Date.now();
      const rotated = await live.call('admin/rotation/rotateScreenToken', { sessionId }, token);
      expect(rotated.status).toBe(200);
      expect(await closesWithin5s(screen, started)).toBe(RIGHT_ENDED);
      // The old token opens nothing; admins are told the new one, players never.
      expect(await live.open(sessionId, board.screenToken)).toBe(401);
      expect(await stillOpen(player)).toBe(true);
      const newToken = (rotated.body.data as { board: RotationAdminBoard }).board.screenToken;
      expect(admin.messages.at(-1)!.screenToken).toBe(newToken);
      expect(JSON.stringify(player.messages)).not.toContain(newToken);
      expect(JSON.stringify(player.messages)).not.toContain('line_');
      expect(screen.messages.every((m) => m.screenToken === undefined)).toBe(true);
    } finally {
      await live.close();
    }
  });

  it("a removed co-admin's socket closes within 5 s of setting/removeAdmin; the owner's stays", async () => {
    const live = await liveServer();
    try {
      const { sessionId } = await openBoard(h, token, 'lco');
      const co = await coAdmin(h, token, 'co-local@example.com');
      const coSocket = opened(await live.open(sessionId, co.token));
      const owner = opened(await live.open(sessionId, token));
      const started = Date.now();
      expect((await live.call('admin/setting/removeAdmin', { adminId: co.adminId }, token)).status).toBe(200);
      expect(await closesWithin5s(coSocket, started)).toBe(RIGHT_ENDED);
      expect(await stillOpen(owner)).toBe(true);
      expect(await live.open(sessionId, co.token)).toBe(403);
    } finally {
      await live.close();
    }
  });

  it("a player's socket closes within 5 s of cancelling their booking", async () => {
    const live = await liveServer();
    try {
      const { sessionId, players, bookers } = await openBoard(h, token, 'lcx', { booked: 1 });
      const booker = opened(await live.open(sessionId, bookers[0]!.token));
      const onBoard = opened(await live.open(sessionId, players[0]!.token));
      const started = Date.now();
      expect((await live.call('checkState/booked/cancelBooked', { sessionId }, bookers[0]!.token)).status).toBe(200);
      expect(await closesWithin5s(booker, started)).toBe(RIGHT_ENDED);
      expect(await stillOpen(onBoard)).toBe(true);
    } finally {
      await live.close();
    }
  });

  it("a former helper's socket closes within 5 s of another helper being named, and a deleted account's at once", async () => {
    const live = await liveServer();
    try {
      const { sessionId, bookers } = await openBoard(h, token, 'lhelp', { booked: 3 });
      const [former, next, leaving] = bookers;
      // Helpers who cancelled their booking watch by helping only.
      await h.ok('rotation/setHelper', { sessionId, userId: former!.userId }, token);
      const formerSocket = opened(await live.open(sessionId, former!.token));
      expect((await live.call('checkState/booked/cancelBooked', { sessionId }, former!.token)).status).toBe(200);
      expect(await stillOpen(formerSocket)).toBe(true);
      let started = Date.now();
      expect((await live.call('admin/rotation/setHelper', { sessionId, userId: next!.userId }, token)).status).toBe(
        200,
      );
      expect(await closesWithin5s(formerSocket, started)).toBe(RIGHT_ENDED);

      await h.ok('rotation/setHelper', { sessionId, userId: leaving!.userId }, token);
      const leavingSocket = opened(await live.open(sessionId, leaving!.token));
      expect((await live.call('checkState/booked/cancelBooked', { sessionId }, leaving!.token)).status).toBe(200);
      expect(await stillOpen(leavingSocket)).toBe(true);
      started = Date.now();
      expect((await live.call('checkState/account/delete', undefined, leaving!.token)).status).toBe(200);
      expect(await closesWithin5s(leavingSocket, started)).toBe(RIGHT_ENDED);
    } finally {
      await live.close();
    }
  });

  it('checks every socket again on its timer, whatever changed the right', async () => {
    const live = await liveServer({ recheckMs: 300 });
    try {
      const { sessionId } = await openBoard(h, token, 'ltimer');
      const co = await coAdmin(h, token, 'co-timer@example.com');
      const coSocket = opened(await live.open(sessionId, co.token));
      // Removed through another server (the in-process app): this server hears of no call.
      const started = Date.now();
      await h.ok('setting/removeAdmin', { adminId: co.adminId }, token);
      expect(await closesWithin5s(coSocket, started)).toBe(RIGHT_ENDED);
    } finally {
      await live.close();
    }
  });
});

describe('local live board: sockets are bounded per client', () => {
  it("refuses a player's fourth socket on one board and the 21st socket of an address", async () => {
    const live = await liveServer();
    try {
      const { sessionId, players } = await openBoard(h, token, 'lcap', { checkedIn: 7 });
      for (let n = 0; n < 3; n++) opened(await live.open(sessionId, players[0]!.token));
      expect(await live.open(sessionId, players[0]!.token)).toBe(429);
      // Every socket of this test comes from 127.0.0.1: 17 more make 20, then none.
      let count = 3;
      for (const p of players.slice(1)) {
        for (let n = 0; n < 3 && count < SOCKET_LIMITS.perAddress; n++, count++)
          opened(await live.open(sessionId, p.token));
      }
      expect(count).toBe(SOCKET_LIMITS.perAddress);
      expect(await live.open(sessionId, token)).toBe(429);
    } finally {
      await live.close();
    }
  });

  it('never lets simultaneous upgrades pass the players cap, and keeps places for the admins and the screen', async () => {
    const limits = { perBoard: 8, playersPerBoard: 6, perViewerPerBoard: 3, perAddress: 100 };
    const live = await liveServer({ limits });
    try {
      const { sessionId, bookers, board } = await openBoard(h, token, 'lrace', { checkedIn: 0, booked: 12 });
      const answers = await Promise.all(
        bookers.flatMap((p) => [live.open(sessionId, p.token), live.open(sessionId, p.token)]),
      );
      expect(answers.filter((a) => typeof a !== 'number')).toHaveLength(limits.playersPerBoard);
      expect(answers.filter((a) => a === 429)).toHaveLength(24 - limits.playersPerBoard);
      opened(await live.open(sessionId, token));
      opened(await live.open(sessionId, board.screenToken));
      expect(await live.open(sessionId, token)).toBe(429);
    } finally {
      await live.close();
    }
  });

  it('counts upgrades against the liveConnect bucket of the address, refused ones included', async () => {
    const live = await liveServer({ rateLimits: { enabled: true, buckets: { liveConnect: { limit: 3 } } } });
    try {
      const { sessionId, players } = await openBoard(h, token, 'lrate');
      expect(await live.open(sessionId, 'not-a-token')).toBe(401);
      opened(await live.open(sessionId, players[0]!.token));
      opened(await live.open(sessionId, players[1]!.token));
      expect(await live.open(sessionId, players[2]!.token)).toBe(429);
    } finally {
      await live.close();
    }
  });
});
