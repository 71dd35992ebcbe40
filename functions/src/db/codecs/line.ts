import { itemCodec } from '../codec.ts';
import { key } from '../keys.ts';
import * as z from '../schema.ts';

/**
 * A LINE webhook event (TTL 7 d): `handling` under a lease while a delivery acts on it, then
 * `done`, so a redelivery is answered without acting twice. Items from before leases carry
 * neither `state` nor `leaseUntil` (done).
 */
export const lineWebhookEventCodec = /* @__PURE__ */ itemCodec({
  name: 'lineWebhookEvent',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('lineWebhookEvent'),
      state: z.enum(['handling', 'done']).optional(),
      receivedAt: z.string(),
      leaseUntil: z.string().optional(),
      ttl: z.number(),
    }),
  ),
  keys: (_event, webhookEventId: string) => key.lineWebhookEvent(webhookEventId),
});

const serviceTokenSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('serviceToken'),
    userId: z.string(),
    sessionId: z.string(),
    /** The notification token, sealed (`#platform/sealed.ts`): never in clear in the table. */
    sealed: z.string(),
    /** Sends LINE says are left. */
    remaining: z.number(),
    expiresAt: z.string(),
    /** Changes whenever the token does (issue, renewal): what a retried send compares. */
    version: z.string(),
    issuedAt: z.string(),
    /** SHA-256 of the LIFF access token it was issued from (absent on the first items: ''). */
    liffTokenHash: z.string().optional(),
    /** The session's end (epoch seconds). */
    ttl: z.number(),
    /** While a dispatcher sends with it. */
    leaseUntil: z.string().optional(),
    leaseBy: z.string().optional(),
  }),
);

/**
 * The LINE MINI App notification token of one player's booking (`USER#<userId>` /
 * `SVCTOKEN#<sessionId>`, TABLE.md "Service message tokens").
 */
export type ServiceTokenItem = z.output<typeof serviceTokenSchema>;

export const serviceTokenCodec = /* @__PURE__ */ itemCodec({
  name: 'serviceToken',
  schema: serviceTokenSchema,
  keys: (t) => key.serviceToken(t.userId, t.sessionId),
});
