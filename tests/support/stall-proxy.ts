import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

interface Link {
  client: Socket;
  upstream: Socket;
  /** What the client sent while stalled, not passed on yet. */
  held: Buffer[];
  clientGone: boolean;
}

/**
 * A TCP proxy in front of the run's DynamoDB Local that can stall like a paused database: while
 * stalled it holds what clients send, so the SDK sees a real request that gets no answer and its
 * own request timeout fires. When the stall ends, a request whose client gave up is either lost
 * (`resume()`) or reaches the database late (`resume({ landLate: true })`), as a write that timed
 * out may still happen. `hangUpNext` closes the connection a request arrives on, as a database
 * does with the keep-alive sockets it dropped during a stall (the SDK's ECONNRESET "socket hang
 * up"). Only the harness that uses it stalls.
 */
export async function startStallProxy(target: string) {
  const { hostname, port } = new URL(target);
  let stalled = false;
  let hangUps = 0;
  const links = new Set<Link>();

  const drop = (link: Link) => {
    links.delete(link);
    link.client.destroy();
    link.upstream.destroy();
  };

  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    const link: Link = { client, upstream, held: [], clientGone: false };
    links.add(link);
    client.on('error', () => {});
    client.on('close', () => {
      link.clientGone = true;
      // A request held in a stall decides its fate when the stall ends.
      if (link.held.length === 0) drop(link);
    });
    upstream.on('error', () => drop(link));
    upstream.on('close', () => drop(link));
    upstream.on('data', (chunk: Buffer) => {
      if (!link.clientGone) client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (hangUps > 0) {
        hangUps -= 1;
        return drop(link);
      }
      if (stalled) link.held.push(chunk);
      else upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stall() {
      stalled = true;
    },
    /**
     * Ends the stall: waiting requests go on; those whose client gave up are lost, or land late.
     * It first lets the connections that timed out close (a few ms on loopback).
     */
    async resume({ landLate = false }: { landLate?: boolean } = {}) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stalled = false;
      const landed: Promise<unknown>[] = [];
      for (const link of links) {
        const held = Buffer.concat(link.held);
        link.held = [];
        if (held.length === 0) continue;
        if (!link.clientGone) link.upstream.write(held);
        else if (landLate) {
          // Returns once the database has answered the late request (it has then applied it), so
          // what a test sends next comes after it, as on a database that was only slow.
          landed.push(
            new Promise((answered) => {
              link.upstream.once('data', answered);
              link.upstream.once('close', answered);
              setTimeout(answered, 5_000);
            }),
          );
          link.upstream.end(held);
        } else drop(link);
      }
      await Promise.all(landed);
    },
    /** The next `n` requests lose their connection. */
    hangUpNext(n = 1) {
      hangUps = n;
    },
    async close() {
      for (const link of links) drop(link);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type StallProxy = Awaited<ReturnType<typeof startStallProxy>>;
