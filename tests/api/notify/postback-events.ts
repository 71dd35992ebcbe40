import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { messagingApi } from '@line/bot-sdk';
import type { Store } from '@shuttle/functions/db/client.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { lineSignature } from '@shuttle/functions/line/signature.ts';
import { LINE_WEBHOOK_PATH } from '@shuttle/functions/line/webhook.ts';
import type { Hono } from 'hono';
import type { LineApiStub } from './line-api-stub.ts';
import { WEBHOOK_SECRET } from './webhook-fixture.ts';

/** Where a webhook event comes from: a 1:1 chat or a group, with the LINE user who acted. */
export type Source = { type: 'user'; userId: string } | { type: 'group'; groupId: string; userId: string };
export const oneToOne = (userId: string): Source => ({ type: 'user', userId });
export const inGroup = (groupId: string, userId: string): Source => ({ type: 'group', groupId, userId });

let counter = 0;
/** A webhook event as LINE sends it; each gets a fresh `webhookEventId`, reply token and a later timestamp. */
export function lineEvent(type: string, source: Source, extra: Record<string, unknown> = {}) {
  counter += 1;
  return {
    type,
    mode: 'active',
    timestamp: Date.parse('2026-01-01T00:00:00Z') + counter * 1000,
    webhookEventId: `01HPOSTBACK${String(counter).padStart(15, '0')}`,
    deliveryContext: { isRedelivery: false },
    ...(type === 'unfollow' ? {} : { replyToken: `reply-token-p${counter}` }),
    source,
    ...extra,
  };
}

/** A tap on a card's postback button. */
export const postback = (source: Source, data: string) => lineEvent('postback', source, { postback: { data } });

/** Posts events to the webhook, signed with the channel secret as LINE does. */
export async function deliver(webhook: Hono, ...events: object[]) {
  const body = JSON.stringify({ destination: 'Ubot', events });
  return webhook.request(LINE_WEBHOOK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-line-signature': lineSignature(body, WEBHOOK_SECRET) },
    body,
  });
}

/** The Reply API requests that left the process, typed as the bot-sdk types them. */
export const repliesOf = (stub: LineApiStub) => stub.replies().map((r) => r.body as messagingApi.ReplyMessageRequest);

/** Binds a LINE group to a team the way a redeemed code leaves it (TABLE.md, "LINE groups"). */
export async function bindGroup(store: Store, groupId: string, teamId: string) {
  await store.doc.send(
    new PutCommand({
      TableName: store.tableName,
      Item: { ...key.lineGroup(groupId), type: 'lineGroup', teamId, groupId, boundAt: new Date().toISOString() },
    }),
  );
}
