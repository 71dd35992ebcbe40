import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

type Fetch = (request: Request, env: never) => Response | Promise<Response>;

export interface Listening {
  server: Server;
  port: number;
  /** Sets what answers once it is built (it may need `port` first); until then requests get 503. */
  handle: (fetch: Fetch) => void;
}

/**
 * Listens first, then serves. Without a port the OS picks one as the socket binds, so nothing
 * else can take it in between: choosing a free port, closing it and listening later let two local
 * stacks started at once (test:clock's journey instants) both take the same port (EADDRINUSE).
 * A port that is taken rejects with the listen error.
 */
export async function listenFirst(
  hostname: string,
  options: { port?: number; fetch?: Fetch } = {},
): Promise<Listening> {
  let current: Fetch = options.fetch ?? (() => new Response('starting', { status: 503 }));
  const server = await new Promise<Server>((ready, fail) => {
    const s = serve(
      { fetch: (request, env) => current(request, env as never), port: options.port ?? 0, hostname },
      () => ready(s as Server),
    ) as Server;
    s.once('error', fail);
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    handle: (fetch) => {
      current = fetch;
    },
  };
}
