import type { messagingApi } from '@line/bot-sdk';
import type { Language } from '@shuttle/shared';
import { Hono } from 'hono';
import * as z from 'zod';
import type { Store } from '#db/client.ts';
import { lineWebhookEventCodec } from '#db/codecs/line.ts';
import { key, ttlAt } from '#db/keys.ts';
import { runTransaction, Transaction } from '#db/transaction.ts';
import { deleteItem, putIfAbsent } from '#db/writes.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError, ValidationError } from '#platform/errors.ts';
import { type ApiEnv, installErrorHandling, limitBody, MAX_BODY_BYTES } from '#platform/http.ts';
import { actionOf, type ChatAction, ChatReplies } from './chat.ts';
import { classifyLineFailure, type LineMessaging } from './client.ts';
import { isValidLineSignature } from './signature.ts';

export const LINE_WEBHOOK_PATH = '/webhook/line';

/** LINE redelivers failed webhooks for a limited time; remember handled events a while longer. */
const HANDLED_EVENT_TTL_SECONDS = 7 * 24 * 3600;
/** DynamoDB's limit of items in one transaction. */
const MARK_BATCH_MAX = 100;

const mentionee = z.looseObject({ index: z.number(), length: z.number(), isSelf: z.boolean().optional() });
const webhookEvent = z.looseObject({
  type: z.string(),
  webhookEventId: z.string().min(1),
  timestamp: z.number(),
  replyToken: z.string().optional(),
  source: z
    .looseObject({
      type: z.string(),
      userId: z.string().optional(),
      groupId: z.string().optional(),
      roomId: z.string().optional(),
    })
    .optional(),
  message: z
    .looseObject({
      type: z.string(),
      text: z.string().optional(),
      mention: z.looseObject({ mentionees: z.array(mentionee) }).optional(),
    })
    .optional(),
  /** A card button's data (docs/LINE.md, "Postback actions"); LINE allows 300 characters. */
  postback: z.looseObject({ data: z.string().max(300) }).optional(),
});
const webhookBody = z.looseObject({ destination: z.string(), events: z.array(webhookEvent) });
type WebhookEvent = z.infer<typeof webhookEvent>;

export interface LineWebhookDeps {
  channelSecret: string;
  /** Null when no channel access token is configured: events are recorded but not answered. */
  line: LineMessaging | null;
  store: Store;
  clock: Clock;
  /** The member app: `https://liff.line.me/<liffId>` in production; replies link into it. */
  appUrl: string;
  log?: Pick<Console, 'warn' | 'error'>;
}

/**
 * `POST /webhook/line`: the LINE Official Account's webhook. The signature is checked on the
 * raw bytes before anything is parsed; the events of a body are handled concurrently, each
 * once even when LINE redelivers it. The bot answers commands, mentions, binding codes,
 * follow/join and card postbacks (chat.ts, postbacks.ts), records unfollow (a blocked player);
 * every other event gets no reply and no write.
 */
export function createLineWebhook(deps: LineWebhookDeps): Hono<ApiEnv> {
  const log = deps.log ?? console;
  const chat = new ChatReplies(deps);
  const app = new Hono<ApiEnv>();
  installErrorHandling(app);
  app.use(LINE_WEBHOOK_PATH, limitBody(MAX_BODY_BYTES));

  const handledItem = (eventId: string, now: Date) =>
    lineWebhookEventCodec.encode(
      { type: 'lineWebhookEvent', receivedAt: now.toISOString(), ttl: ttlAt(now, HANDLED_EVENT_TTL_SECONDS) },
      eventId,
    );
  const marker = (eventId: string, now: Date) => ({
    Item: handledItem(eventId, now),
    ConditionExpression: 'attribute_not_exists(PK)',
  });

  /** Records the event as handled; false when it already was (a redelivery). */
  const markHandled = (eventId: string): Promise<boolean> =>
    putIfAbsent(deps.store, handledItem(eventId, deps.clock.now()));

  /**
   * Records a body's events as handled: one transaction when none was seen before (the usual
   * case), else one conditional Put each, so a redelivered event is told apart from a new one.
   */
  const markAll = async (eventIds: string[]): Promise<PromiseSettledResult<boolean>[]> => {
    if (eventIds.length > 1 && eventIds.length <= MARK_BATCH_MAX && new Set(eventIds).size === eventIds.length) {
      const now = deps.clock.now();
      const tx = new Transaction(deps.store.tableName);
      for (const [i, id] of eventIds.entries()) tx.put(`event${i}`, marker(id, now));
      try {
        await runTransaction(deps.store, tx);
        return eventIds.map(() => ({ status: 'fulfilled', value: true }));
      } catch {
        // Some were seen (a redelivery) or the transaction lost a race: decide one by one.
      }
    }
    return Promise.allSettled(eventIds.map(markHandled));
  };

  const forget = (eventId: string) => deleteItem(deps.store, key.lineWebhookEvent(eventId));

  const reply = async (event: WebhookEvent, messages: messagingApi.Message[]) => {
    if (!event.replyToken || !deps.line) return;
    try {
      await deps.line.replyMessage({ replyToken: event.replyToken, messages });
    } catch (error) {
      // A spent or expired reply token will not work on a redelivery either.
      if (classifyLineFailure(error) === 'transient') throw error;
      log.warn(`LINE webhook: reply to ${event.webhookEventId} refused`, error);
    }
  };

  const act = async (event: WebhookEvent, action: ChatAction, languages: ReadonlyMap<string, Language>) => {
    try {
      const messages = await chat.answer(action, languages);
      if (messages) await reply(event, messages);
    } catch (error) {
      // Let LINE's redelivery try again rather than lose the event.
      await forget(event.webhookEventId);
      throw error;
    }
  };

  /** Acts on each event once, concurrently; the outcome of each event the bot acts on. */
  const handleAll = async (events: WebhookEvent[]) => {
    const acting = events.flatMap((event) => {
      const action = actionOf(event);
      return action ? [{ event, action }] : [];
    });
    const marked = await markAll(acting.map(({ event }) => event.webhookEventId));
    const todo = acting.filter((_, i) => marked[i]?.status === 'fulfilled' && marked[i].value);
    const failures = marked.flatMap((m, i) =>
      m.status === 'rejected' ? [{ event: acting[i]!.event, reason: m.reason }] : [],
    );
    let languages: ReadonlyMap<string, Language>;
    try {
      languages = await chat.languagesOf(todo.map(({ action }) => action));
    } catch (error) {
      await Promise.allSettled(todo.map(({ event }) => forget(event.webhookEventId)));
      throw error;
    }
    const outcomes = await Promise.allSettled(todo.map(({ event, action }) => act(event, action, languages)));
    outcomes.forEach((o, i) => {
      if (o.status === 'rejected') failures.push({ event: todo[i]!.event, reason: o.reason });
    });
    return failures;
  };

  app.post(LINE_WEBHOOK_PATH, async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!isValidLineSignature(raw, c.req.header('x-line-signature'), deps.channelSecret)) {
      throw new DomainError('INVALID_TOKEN', 'Invalid LINE signature');
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw new ValidationError([{ path: '', message: 'Body is not valid JSON' }]);
    }
    const parsed = webhookBody.safeParse(json);
    if (!parsed.success) {
      throw new ValidationError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    }
    const failures = await handleAll(parsed.data.events);
    for (const { event, reason } of failures) log.error(`LINE webhook: event ${event.webhookEventId} failed`, reason);
    // The other events are done and recorded; LINE redelivers the body and only these act again.
    if (failures.length > 0) throw new Error(`LINE webhook: ${failures.length} event(s) failed`);
    return c.json({ success: true, message: 'OK', timestamp: new Date().toISOString(), data: null });
  });
  return app;
}
