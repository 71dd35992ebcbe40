import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ROTATION_WS_PATH, type RotationBoard } from '@shuttle/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import type { AdminServices } from '#app/admin-services.ts';
import { DomainError } from '#platform/errors.ts';
import { checkRotationViewer, type RotationViewerChecks } from '#rotation/viewers.ts';

/**
 * The live board locally (docs/ON-COURT.md, "Live"): `npm start` serves WebSockets at
 * `/ws/rotation?sessionId=<id>&token=<member, admin or screen token>`. A socket gets the JSON
 * board (with its `version`) on connect and after every change; it never sends anything back.
 * On AWS the same protocol is an API Gateway WebSocket API fed by the board item's stream record.
 */
export class RotationHub {
  private readonly rooms = new Map<string, Set<WebSocket>>();
  private readonly wss = new WebSocketServer({ noServer: true });

  /** The publisher for `AppDeps.rotationPublisher`: sends the board to every socket of its session. */
  readonly publish = (sessionId: string, board: RotationBoard) => {
    const message = JSON.stringify(board);
    for (const socket of this.rooms.get(sessionId) ?? []) if (socket.readyState === socket.OPEN) socket.send(message);
  };

  /** Serves upgrades of `ROTATION_WS_PATH` on the server; `open` checks the token and answers the board. */
  attach(server: Server, open: (sessionId: string, token: string) => Promise<RotationBoard>): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== ROTATION_WS_PATH) return;
      const sessionId = url.searchParams.get('sessionId') ?? '';
      const token = url.searchParams.get('token') ?? '';
      open(sessionId, token).then(
        (board) =>
          this.wss.handleUpgrade(request, socket, head, (ws) => {
            const room = this.rooms.get(sessionId) ?? new Set();
            this.rooms.set(sessionId, room);
            room.add(ws);
            ws.on('close', () => {
              room.delete(ws);
              if (room.size === 0) this.rooms.delete(sessionId);
            });
            ws.send(JSON.stringify(board));
          }),
        (error: unknown) => {
          const status = error instanceof DomainError ? error.status : 500;
          socket.end(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Forbidden'}\r\nConnection: close\r\n\r\n`);
        },
      );
    });
  }

  close(): void {
    for (const room of this.rooms.values()) for (const ws of room) ws.terminate();
    this.rooms.clear();
    this.wss.close();
  }
}

/**
 * Who may watch a board (rotation/viewers.ts, the same check as the AWS `$connect`): its venue
 * screen's token, a player of the session (or its helper), or an admin of the session's team.
 * Answers the board, names only (docs/PRIVACY.md), with the check-ins since its last write.
 */
export function rotationViewer(s: Pick<AdminServices, 'rotation' | 'http' | 'scope' | 'sessions'>) {
  const checks: RotationViewerChecks = {
    board: (sessionId) => s.rotation.current(sessionId),
    sessionOfScreen: (token) => s.rotation.repo.sessionOfScreen(token),
    member: (token) => s.http.auth.member(token),
    admin: (token) => s.http.auth.admin(token),
    adminSession: (admin, sessionId) => s.scope.session(admin, sessionId),
    booking: (sessionId, userId) => s.sessions.booking(sessionId, userId),
  };
  return async (sessionId: string, token: string): Promise<RotationBoard> =>
    s.rotation.view((await checkRotationViewer(checks, sessionId, token)).item);
}
