import { lineServices } from '@shuttle/functions/app/line-services.ts';
import type { Store } from '@shuttle/functions/db/client.ts';
import { createLineMessaging } from '@shuttle/functions/line/client.ts';
import { createLineWebhook } from '@shuttle/functions/line/webhook.ts';
import type { Clock } from '@shuttle/functions/platform/clock.ts';
import type { Hono } from 'hono';
import { type LineApiStub, startLineApiStub } from './line-api-stub.ts';

export const WEBHOOK_SECRET = 'test-channel-secret';
export const WEBHOOK_LIFF = 'https://liff.line.me/1650000000-abcdefgh';

/** The LINE webhook app on a test table, replying through a LINE API stub that records every request. */
export async function startWebhook(h: { store: Store; clock: Clock }): Promise<{ stub: LineApiStub; webhook: Hono }> {
  const stub = await startLineApiStub();
  const webhook = createLineWebhook({
    channelSecret: WEBHOOK_SECRET,
    line: createLineMessaging({ channelAccessToken: 'test-channel-token', baseURL: stub.baseURL }),
    ...lineServices({ store: h.store, clock: h.clock }),
    appUrl: WEBHOOK_LIFF,
    log: { warn: () => {}, error: () => {} },
  }) as unknown as Hono;
  return { stub, webhook };
}
