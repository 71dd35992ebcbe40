import type { messagingApi } from '@line/bot-sdk';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { Hono } from 'hono';

export interface StubbedLineRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** The body exactly as it arrived. */
  raw: string;
}

interface ForcedFailure {
  status: number;
  /** Accept the retry key first, as when LINE sent the push but the answer got lost. */
  afterAccepting: boolean;
}

/**
 * A stand-in for api.line.me on a loopback port: the real bot-sdk client is pointed at it, so
 * tests see the exact requests that leave the process. Like LINE, it refuses a second push
 * with an already accepted `X-Line-Retry-Key` with 409.
 */
export async function startLineApiStub() {
  const requests: StubbedLineRequest[] = [];
  const acceptedRetryKeys = new Set<string>();
  const failures: ForcedFailure[] = [];
  let quota: messagingApi.MessageQuotaResponse = { type: 'none' };
  let totalUsage = 0;
  let groupMembers = 1;

  const app = new Hono();
  app.all('*', async (c) => {
    const text = await c.req.text();
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    requests.push({ method: c.req.method, path: c.req.path, headers, body: text ? JSON.parse(text) : null, raw: text });

    // Quota reads answer what `setQuota` set and never take a forced failure.
    if (c.req.path === '/v2/bot/message/quota') return c.json(quota);
    if (c.req.path === '/v2/bot/message/quota/consumption') return c.json({ totalUsage });
    // Group sizes answer what `setGroupMemberCount` set, for any group.
    if (/^\/v2\/bot\/group\/[^/]+\/members\/count$/.test(c.req.path)) return c.json({ count: groupMembers });
    // Group summaries name every group after its id.
    const summaryOf = /^\/v2\/bot\/group\/([^/]+)\/summary$/.exec(c.req.path)?.[1];
    if (summaryOf) return c.json({ groupId: summaryOf, groupName: `Group ${summaryOf}`, pictureUrl: '' });
    const retryKey = headers['x-line-retry-key'];
    const forced = failures.shift();
    if (forced && !forced.afterAccepting) return c.json({ message: 'forced failure' }, forced.status as 500);
    if (retryKey && acceptedRetryKeys.has(retryKey)) {
      return c.json({ message: 'The retry key is already accepted' }, 409);
    }
    if (retryKey) acceptedRetryKeys.add(retryKey);
    if (forced) return c.json({ message: 'forced failure after accepting' }, forced.status as 500);
    return c.json(c.req.path.endsWith('/push') ? { sentMessages: [{ id: String(requests.length) }] } : {});
  });

  const { server, port } = await listenFirst('127.0.0.1', { fetch: app.fetch });

  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    pushes: () => requests.filter((r) => r.path === '/v2/bot/message/push'),
    replies: () => requests.filter((r) => r.path === '/v2/bot/message/reply'),
    quotaReads: () => requests.filter((r) => r.path === '/v2/bot/message/quota'),
    /** The channel's monthly push limit (null: unlimited) and this month's pushes. */
    setQuota(limit: number | null, used: number) {
      quota = limit === null ? { type: 'none' } : { type: 'limited', value: limit };
      totalUsage = used;
    },
    /** Members LINE reports for every group (`getGroupMemberCount`). */
    setGroupMemberCount(count: number) {
      groupMembers = count;
    },
    groupSizeReads: () => requests.filter((r) => r.path.endsWith('/members/count')),
    /** Pushes LINE actually accepted (one per retry key). */
    accepted: () => acceptedRetryKeys.size,
    failNext(status: number, options: { afterAccepting?: boolean; times?: number } = {}) {
      for (let i = 0; i < (options.times ?? 1); i++) {
        failures.push({ status, afterAccepting: options.afterAccepting ?? false });
      }
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
      quota = { type: 'none' };
      totalUsage = 0;
      groupMembers = 1;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type LineApiStub = Awaited<ReturnType<typeof startLineApiStub>>;
