import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { notifierRepositories } from '@shuttle/functions/app/jobs.ts';
import { serviceMessagingOf } from '@shuttle/functions/app/service-messaging.ts';
import { createLineMessaging } from '@shuttle/functions/line/client.ts';
import { LineNotifier } from '@shuttle/functions/line/notifier.ts';
import {
  type CapturedLineRequest,
  createLineCapture,
  LOCAL_MINI_APP_CHANNEL,
} from '@shuttle/functions/local/captures.ts';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { OutboxDispatcher } from '@shuttle/functions/notifications/dispatcher.ts';
import type { MiniAppSetup } from '@shuttle/functions/notifications/mini-app.ts';
import type { ServiceKind } from '@shuttle/functions/notifications/service-catalog.ts';
import { Sealer } from '@shuttle/functions/platform/sealed.ts';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ApiHarness, createApiHarness } from '../../support/harness.ts';
import { TEST_APP_URL, TEST_LIFF_ID } from './fixtures.ts';

/**
 * LINE MINI App mode against the local LINE capture (functions/src/local/captures.ts), which
 * answers the notifier, the stateless channel token and `/v2/profile` as LINE does: served on a
 * loopback port behind a door that can fail the next notifier send before or after LINE acted
 * (a lost answer), so the tests see the exact requests that leave the process.
 */
export interface ServiceWorld {
  h: ApiHarness;
  capture: ReturnType<typeof createLineCapture>;
  baseURL: string;
  setup: MiniAppSetup;
  /** The notifier as deployed in MINI App mode (`catalog`: LINE's entry names, else the local ones). */
  dispatcher(options?: { catalog?: Record<ServiceKind, string | null> }): OutboxDispatcher;
  /** A LIFF access token of the LINE user `sub`, as `liff.getAccessToken()` gives it. */
  liffToken(sub: string): Promise<string>;
  /** The next notifier send answers `status`; `afterSending`: LINE sent it, and the answer was lost. */
  failNextSend(status: number, afterSending?: boolean): void;
  /** The notifier sends that left the process (LINE's own record is `capture.requests`). */
  sends(): CapturedLineRequest[];
  pushes(): CapturedLineRequest[];
}

export function withServiceWorld(started: (world: ServiceWorld) => void): void {
  let h: ApiHarness | undefined;
  let world: ServiceWorld | undefined;
  let server: Server | undefined;
  const faults: { status: number; afterSending: boolean }[] = [];
  /** Every notifier send that left the process, whether or not LINE acted on it. */
  const sent: CapturedLineRequest[] = [];
  beforeAll(async () => {
    const setup: MiniAppSetup = {
      notifier: new LineNotifier(LOCAL_MINI_APP_CHANNEL, { baseURL: 'http://127.0.0.1:1' }),
      sealer: new Sealer(randomBytes(32)),
    };
    h = await createApiHarness({ miniApp: async () => setup });
    const harness = h;
    const capture = createLineCapture({ now: () => harness.clock.now() });
    const door = new Hono();
    door.all('*', async (c) => {
      const isSend = c.req.path === '/message/v3/notifier/send';
      if (isSend) {
        sent.push({
          method: c.req.method,
          path: c.req.path,
          query: new URL(c.req.url).search.replace(/^\?/, ''),
          headers: { authorization: c.req.header('authorization') ? 'Bearer ***' : '' },
          body: await c.req.raw.clone().json(),
          receivedAt: harness.clock.now().toISOString(),
        });
      }
      const fault = isSend ? faults.shift() : undefined;
      if (fault && !fault.afterSending) return c.json({ message: 'forced failure' }, fault.status as 500);
      const answer = await capture.app.fetch(c.req.raw);
      return fault ? c.json({ message: 'answer lost' }, fault.status as 500) : answer;
    });
    const listening = await listenFirst('127.0.0.1', { fetch: door.fetch });
    server = listening.server;
    const port = listening.port;
    const baseURL = `http://127.0.0.1:${port}`;
    setup.notifier = new LineNotifier(LOCAL_MINI_APP_CHANNEL, { baseURL, now: () => harness.clock.now().getTime() });
    world = {
      h: harness,
      capture,
      baseURL,
      setup,
      dispatcher: (options = {}) =>
        new OutboxDispatcher({
          store: harness.store,
          repositories: notifierRepositories(harness.store),
          clock: harness.clock,
          line: createLineMessaging({ channelAccessToken: 'test-channel-token', baseURL }),
          mailer: harness.emails,
          appBaseUrl: TEST_APP_URL,
          liffId: TEST_LIFF_ID,
          miniApp: true,
          service: serviceMessagingOf(harness.store, setup, options.catalog),
          log: { warn: () => {}, error: () => {} },
        }),
      liffToken: async (sub) => {
        const res = await fetch(`${baseURL}/dev/liff-access-token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sub }),
        });
        return ((await res.json()) as { liffAccessToken: string }).liffAccessToken;
      },
      failNextSend: (status, afterSending = false) => faults.push({ status, afterSending }),
      sends: () => sent,
      pushes: () => capture.requests.filter((r) => r.path === '/v2/bot/message/push'),
    };
    started(world);
  });
  afterAll(async () => {
    if (server) await new Promise((done) => server!.close(() => done(undefined)));
    await h?.close();
  });
  beforeEach(() => {
    faults.length = 0;
    sent.length = 0;
    if (h) h.emails.sent.length = 0;
    if (world) {
      world.capture.requests.length = 0;
      world.capture.serviceMessages.length = 0;
    }
  });
}
