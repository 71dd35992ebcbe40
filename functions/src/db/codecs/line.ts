import * as z from 'zod';
import { itemCodec } from '../codec.ts';
import { key } from '../keys.ts';

/** A LINE webhook event already handled (TTL 7 d), so a redelivery is answered without acting twice. */
export const lineWebhookEventCodec = itemCodec({
  name: 'lineWebhookEvent',
  schema: z.object({ type: z.literal('lineWebhookEvent'), receivedAt: z.string(), ttl: z.number() }),
  keys: (_event, webhookEventId: string) => key.lineWebhookEvent(webhookEventId),
});
