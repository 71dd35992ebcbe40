import * as z from 'zod';
import { itemCodec } from '../codec.ts';
import { key } from '../keys.ts';

/**
 * A LINE webhook event (TTL 7 d): `handling` under a lease while a delivery acts on it, then
 * `done`, so a redelivery is answered without acting twice. Items from before leases carry
 * neither `state` nor `leaseUntil` (done).
 */
export const lineWebhookEventCodec = itemCodec({
  name: 'lineWebhookEvent',
  schema: z.object({
    type: z.literal('lineWebhookEvent'),
    state: z.enum(['handling', 'done']).optional(),
    receivedAt: z.string(),
    leaseUntil: z.string().optional(),
    ttl: z.number(),
  }),
  keys: (_event, webhookEventId: string) => key.lineWebhookEvent(webhookEventId),
});
