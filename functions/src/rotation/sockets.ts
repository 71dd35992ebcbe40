import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { fromTrustedOrigin } from '#platform/origin-guard.ts';
import { addressGroup, clientAddress } from '#platform/rate-limit.ts';
import type { RotationSockets } from './socket-repository.ts';
import { checkRotationViewer, type RotationViewerChecks } from './viewers.ts';

/** The parts of an API Gateway WebSocket event the routes read (`$connect` carries the query and headers). */
export interface SocketEvent {
  requestContext: { routeKey?: string; connectionId?: string; identity?: { sourceIp?: string } };
  queryStringParameters?: Record<string, string | undefined> | null;
  headers?: Record<string, string | undefined> | null;
}

export interface SocketRouteDeps {
  sockets: RotationSockets;
  checks: RotationViewerChecks;
  clock: Clock;
  /** The origin secret's accepted values; absent: no origin check (tests, local). */
  originSecrets?: () => Promise<string[]>;
  /** Counts the upgrade against its address's `liveConnect` bucket (app/limits.ts); throws 429 when full. */
  rateLimit?: (address: string) => Promise<void>;
  /** Proxies in front that append to `X-Forwarded-For` (CloudFront: 1; app/LIMITS.md, "Client address"). */
  trustedProxies?: number;
}

/** API Gateway answers the handshake with this status: 200 opens the socket, anything else refuses it. */
export interface SocketAnswer {
  statusCode: number;
}

/**
 * The WebSocket API's `$connect` and `$disconnect` (docs/ON-COURT.md, "Live"). `$connect`
 * refuses, before anything is stored, a request that did not come through CloudFront (403), an
 * address past its `liveConnect` bucket (429), a missing or bad token (401), a viewer who may not
 * see the board (403), a session without a board (404), and a board, viewer or address without a
 * free socket place (429, socket-repository.ts); else it stores the socket with its viewer and right.
 * The board itself is not sent on connect (API Gateway cannot post before the handshake
 * ends): the views read it once when a socket opens (shared/src/web/live-board.ts).
 */
export function socketRoutes(deps: SocketRouteDeps) {
  return async (event: SocketEvent): Promise<SocketAnswer> => {
    const { routeKey, connectionId } = event.requestContext;
    if (!connectionId) return { statusCode: 400 };
    if (routeKey === '$disconnect') {
      await deps.sockets.close(connectionId);
      return { statusCode: 200 };
    }
    if (routeKey !== '$connect') return { statusCode: 200 };
    const headers = lowerCased(event.headers);
    if (deps.originSecrets) {
      const accepted = await deps.originSecrets();
      if (!accepted.some((value) => fromTrustedOrigin(headers, value))) return { statusCode: 403 };
    }
    const query = event.queryStringParameters ?? {};
    const sessionId = query.sessionId ?? '';
    const address = addressGroup(
      clientAddress(headers['x-forwarded-for'], event.requestContext.identity?.sourceIp, deps.trustedProxies ?? 1),
    );
    try {
      await deps.rateLimit?.(address);
      const { viewer, basis, item } = await checkRotationViewer(deps.checks, sessionId, query.token ?? '');
      await deps.sockets.open(
        { connectionId, sessionId, teamId: item.teamId, address, viewer, basis },
        deps.clock.now(),
      );
      return { statusCode: 200 };
    } catch (error) {
      if (error instanceof DomainError) return { statusCode: error.status };
      throw error;
    }
  };
}

/** API Gateway passes header names as the client sent them. */
const lowerCased = (headers: SocketEvent['headers']) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
