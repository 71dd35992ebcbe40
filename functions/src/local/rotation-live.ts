import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ROTATION_WS_PATH } from '@shuttle/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import { teamSession } from '#admin-accounts/team-scope.ts';
import type { AdminServices } from '#app/admin-services.ts';
import { rateLimitsOf } from '#app/deps.ts';
import { rateBuckets } from '#app/limits.ts';
import { DomainError } from '#platform/errors.ts';
import { addressGroup, RateLimitedError } from '#platform/rate-limit.ts';
import { playerIsLive } from '#players/live-player-repository.ts';
import type { RotationItem } from '#rotation/repository.ts';
import { RECHECK_AFTER_MS, SOCKET_LIMITS, type SocketLimits } from '#rotation/socket-limits.ts';
import { viewFor } from '#rotation/view.ts';
import {
  adminAccountCheck,
  audienceOf,
  checkRotationViewer,
  type RotationViewerChecks,
  recheckViewer,
  standingAfter,
  type ViewerStanding,
  viewerKey,
} from '#rotation/viewers.ts';

/**
 * The live board locally (docs/ON-COURT.md, "Live"): `npm start` serves WebSockets at
 * `/ws/rotation?sessionId=<id>&token=<member, admin or screen token>`. A socket gets the JSON
 * board (with its `version`) on connect and after every change, in the view its viewer may see;
 * it never sends anything back. Each socket keeps its viewer and right (rotation/viewers.ts):
 * a board write that ends the right (a new screen token, another helper) closes it at once;
 * any other successful write call to the server (a co-admin removed, a booking cancelled, an
 * account deleted: what the table's stream carries on AWS) has every socket checked again
 * within a moment, and a timer checks them all every 10 minutes. Sockets are bounded per
 * board, viewer and address (rotation/socket-limits.ts) and upgrades count against the
 * address's `liveConnect` bucket. On AWS the same protocol is an API Gateway WebSocket API.
 */

/** What the hub asks of the product (built by `rotationViewer`). */
export interface RotationAccess {
  /** Counts an upgrade against its address's bucket; throws `RateLimitedError` when full. */
  rateLimit: (address: string) => Promise<void>;
  checks: RotationViewerChecks;
  /** The board as stored (a recheck reads, never writes). */
  stored: (sessionId: string) => Promise<RotationItem | null>;
}

interface LocalSocket {
  /** Null while the handshake completes (the place is already held). */
  ws: WebSocket | null;
  sessionId: string;
  standing: ViewerStanding;
  key: string;
  address: string;
}

export interface RotationHubOptions {
  limits?: SocketLimits;
  /** How often every socket is checked again (default 10 minutes). */
  recheckMs?: number;
}

/** Close code sent when a viewer's right ended (the view then polls, and is refused). */
export const RIGHT_ENDED = 4403;

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
};

export class RotationHub {
  private readonly sockets = new Set<LocalSocket>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly limits: SocketLimits;
  private access: RotationAccess | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private recheckQueued: ReturnType<typeof setTimeout> | null = null;
  private rechecking: Promise<void> | null = null;
  private recheckAgain = false;

  constructor(private readonly options: RotationHubOptions = {}) {
    this.limits = options.limits ?? SOCKET_LIMITS;
  }

  /** The publisher for `AppDeps.rotationPublisher`: each socket of the board gets its view, or is closed. */
  readonly publish = (item: RotationItem) => {
    for (const socket of this.sockets) {
      if (socket.sessionId !== item.sessionId || !socket.ws) continue;
      const verdict = standingAfter(item, socket.standing);
      if (verdict === 'end') this.end(socket);
      else if (verdict === 'keep') this.send(socket, item);
      else void this.recheck(socket, item);
    }
  };

  /** Serves upgrades of `ROTATION_WS_PATH` on the server; successful write calls to it start a recheck. */
  attach(server: Server, access: RotationAccess): void {
    this.access = access;
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== ROTATION_WS_PATH) return;
      void this.upgrade(request, socket, head, url);
    });
    // What the table's stream tells the AWS function (a link removed, a booking cancelled, an
    // account deleted) comes locally from the write call itself: check every socket again.
    // Board writes need none: `publish` judges them.
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (request.method === 'GET' || request.url?.includes('/rotation/')) return;
      response.once('finish', () => {
        if (response.statusCode < 400 && this.sockets.size > 0) this.queueRecheck();
      });
    });
    this.timer = setInterval(() => this.queueRecheck(), this.options.recheckMs ?? RECHECK_AFTER_MS);
    this.timer.unref();
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    const access = this.access!;
    const sessionId = url.searchParams.get('sessionId') ?? '';
    const token = url.searchParams.get('token') ?? '';
    // No proxy in front locally: the peer is the client.
    const address = addressGroup(request.socket.remoteAddress ?? 'unknown');
    try {
      await access.rateLimit(address);
      const { item, ...standing } = await checkRotationViewer(access.checks, sessionId, token);
      const held = this.hold(sessionId, standing, address);
      // A handshake that never completes gives its place back.
      socket.once('close', () => {
        if (!held.ws) this.sockets.delete(held);
      });
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        held.ws = ws;
        ws.on('close', () => this.sockets.delete(held));
        this.send(held, item);
      });
    } catch (error) {
      const status = error instanceof DomainError ? error.status : 500;
      const retry = error instanceof RateLimitedError ? `Retry-After: ${error.retryAfterSeconds}\r\n` : '';
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Internal Server Error'}\r\n${retry}Connection: close\r\n\r\n`,
      );
    }
  }

  /**
   * Takes a place for the socket, or refuses (429): counted and added in one synchronous step,
   * so simultaneous upgrades can never pass a cap.
   */
  private hold(sessionId: string, standing: ViewerStanding, address: string): LocalSocket {
    const key = viewerKey(standing.viewer);
    let board = 0;
    let players = 0;
    let viewer = 0;
    let fromAddress = 0;
    for (const s of this.sockets) {
      if (s.address === address) fromAddress++;
      if (s.sessionId !== sessionId) continue;
      board++;
      if (s.standing.viewer.kind === 'member') players++;
      if (s.key === key) viewer++;
    }
    const { perBoard, playersPerBoard, perViewerPerBoard, perAddress } = this.limits;
    if (
      board >= perBoard ||
      (standing.viewer.kind === 'member' && players >= playersPerBoard) ||
      viewer >= perViewerPerBoard ||
      fromAddress >= perAddress
    ) {
      throw new DomainError('RATE_LIMITED');
    }
    const held: LocalSocket = { ws: null, sessionId, standing, key, address };
    this.sockets.add(held);
    return held;
  }

  private send(socket: LocalSocket, item: RotationItem) {
    const ws = socket.ws;
    if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify(viewFor(item, audienceOf(socket.standing.viewer))));
  }

  private end(socket: LocalSocket) {
    this.sockets.delete(socket);
    socket.ws?.close(RIGHT_ENDED, 'The right to watch this board ended');
  }

  /** One socket checked again against `item`: sent the board when its right stands, else closed. */
  private async recheck(socket: LocalSocket, item: RotationItem) {
    const basis = await recheckViewer(this.access!.checks, item, socket.standing.viewer).catch(() => undefined);
    if (basis === undefined) return; // the store failed: the next recheck decides
    if (basis === null) return this.end(socket);
    socket.standing = { ...socket.standing, basis };
    this.send(socket, item);
  }

  /** Every socket checked again soon; calls in a burst share one run. */
  private queueRecheck() {
    if (this.recheckQueued) return;
    this.recheckQueued = setTimeout(() => {
      this.recheckQueued = null;
      if (this.rechecking) {
        this.recheckAgain = true;
        return;
      }
      this.rechecking = this.recheckAll().finally(() => {
        this.rechecking = null;
        if (this.recheckAgain) {
          this.recheckAgain = false;
          this.queueRecheck();
        }
      });
    }, 20);
  }

  /** Every open socket checked again: each board read once, each viewer of a board checked once. */
  async recheckAll(): Promise<void> {
    const access = this.access;
    if (!access) return;
    const bySession = new Map<string, LocalSocket[]>();
    for (const s of this.sockets) if (s.ws) bySession.set(s.sessionId, [...(bySession.get(s.sessionId) ?? []), s]);
    await Promise.all(
      [...bySession].map(async ([sessionId, sockets]) => {
        const item = await access.stored(sessionId).catch(() => undefined);
        if (item === undefined) return;
        const verdicts = new Map<string, Promise<ViewerStanding['basis'] | null | undefined>>();
        for (const socket of sockets) {
          if (!verdicts.has(socket.key)) {
            verdicts.set(
              socket.key,
              item
                ? recheckViewer(access.checks, item, socket.standing.viewer).catch(() => undefined)
                : Promise.resolve(null),
            );
          }
        }
        for (const socket of sockets) {
          const basis = await verdicts.get(socket.key);
          if (basis === null) this.end(socket);
          else if (basis) socket.standing = { ...socket.standing, basis };
        }
      }),
    );
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.recheckQueued) clearTimeout(this.recheckQueued);
    for (const socket of this.sockets) socket.ws?.terminate();
    this.sockets.clear();
    this.wss.close();
  }
}

/**
 * What the hub needs of the local product: who may watch a board (rotation/viewers.ts, the same
 * check as the AWS `$connect`) with the check-ins since its last write, the rechecks by recorded
 * viewer, and the `liveConnect` bucket (off when the server's rate limits are).
 */
export function rotationViewer(
  s: Pick<AdminServices, 'rotation' | 'http' | 'scope' | 'sessions' | 'accounts' | 'store' | 'rateLimits'>,
): RotationAccess {
  const buckets = rateBuckets(['liveConnect'], rateLimitsOf(s));
  const limiter = s.http.rateLimiter;
  return {
    rateLimit: async (address) => {
      if (limiter && buckets.length > 0) await limiter.check(buckets, { address, account: null, email: null });
    },
    checks: {
      board: (sessionId) => s.rotation.current(sessionId),
      sessionOfScreen: (token) => s.rotation.repo.sessionOfScreen(token),
      member: (token) => s.http.auth.member(token),
      admin: (token) => s.http.auth.admin(token),
      adminAccount: adminAccountCheck(s.accounts),
      adminSession: (admin, sessionId) => teamSession(s.scope, s.sessions, admin, sessionId),
      // One process: a deletion forgets the player in this cache at once (players/player-accounts.ts).
      playerLive: (userId) => playerIsLive(s.store, userId),
      booking: (sessionId, userId) => s.sessions.booking(sessionId, userId),
    },
    stored: (sessionId) => s.rotation.repo.get(sessionId),
  };
}
