import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { messagingApi } from '@line/bot-sdk';
import type { Language } from '@shuttle/shared';
import { Hono } from 'hono';
import * as z from 'zod';
import type { LevelGate } from '#bookings/level-gate.ts';
import type { Store } from '#db/client.ts';
import { key, ttlAt } from '#db/keys.ts';
import { isConditionFailure, runTransaction, Transaction } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError, ValidationError } from '#platform/errors.ts';
import { type ApiEnv, installErrorHandling, limitBody, MAX_BODY_BYTES } from '#platform/http.ts';
import { isStoreUnavailable } from '#platform/retry.ts';
import { actionOf, type ChatAction, ChatReplies } from './chat.ts';
import { classifyLineFailure, type LineMessaging } from './client.ts';
import { isValidLineSignature } from './signature.ts';

export const LINE_WEBHOOK_PATH = '/webhook/line';

/** LINE redelivers failed webhooks for a limited time; remember handled events a while longer. */
const HANDLED_EVENT_TTL_SECONDS = 7 * 24 * 3600;
/**
 * How long a delivery holds an event it is handling (longer than the webhook's Lambda may run):
 * a copy that comes meanwhile is answered 503 (LINE tries again later), one that comes after it
 * takes the event over, so an event whose handler died, or could not let go of it because the
 * store stalled, is handled on a redelivery instead of being lost.
 */
const HANDLING_LEASE_MS = 60_000;
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
type Claim = 'claimed' | 'done' | 'busy';

/** The store did not answer (or another delivery holds the event): LINE should try again later. */
const isBusy = (error: unknown) => isStoreUnavailable(error) || (error instanceof DomainError && error.status === 503);

export interface LineWebhookDeps {
  channelSecret: string;
  /** Null when no channel access token is configured: events are recorded but not answered. */
  line: LineMessaging | null;
  store: Store;
  clock: Clock;
  /** The member app: `https://liff.line.me/<liffId>` in production; replies link into it. */
  appUrl: string;
  log?: Pick<Console, 'warn' | 'error'>;
  /** The level check of a join by a card's button (postbacks.ts). */
  levelGate?: LevelGate;
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

  /** An event's item: `handling` under a lease while a delivery acts on it, then `done`. */
  const marker = (eventId: string, now: Date, state: 'handling' | 'done') => ({
    ...key.lineWebhookEvent(eventId),
    type: 'lineWebhookEvent',
    state,
    receivedAt: now.toISOString(),
    leaseUntil: new Date(now.getTime() + HANDLING_LEASE_MS).toISOString(),
    ttl: ttlAt(now, HANDLED_EVENT_TTL_SECONDS),
  });
  /** New, or held by a delivery whose lease ran out; items from before leases (no `state`) are done. */
  const claim = (eventId: string, now: Date) => ({
    Item: marker(eventId, now, 'handling'),
    ConditionExpression: 'attribute_not_exists(PK) OR (#state = :handling AND leaseUntil < :now)',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':handling': 'handling', ':now': now.toISOString() },
  });

  /** Claims one event: `claimed`, `done` (handled before: a redelivery) or `busy` (another delivery holds it). */
  const claimOne = async (eventId: string): Promise<Claim> => {
    try {
      await deps.store.doc.send(
        new PutCommand({ TableName: deps.store.tableName, ...claim(eventId, deps.clock.now()) }),
      );
      return 'claimed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await deps.store.doc.send(
      new GetCommand({ TableName: deps.store.tableName, Key: key.lineWebhookEvent(eventId), ConsistentRead: true }),
    );
    return Item?.state === 'handling' ? 'busy' : 'done';
  };

  /**
   * Claims a body's events: one transaction when none was seen before (the usual case), else one
   * conditional Put each, so a redelivered event is told apart from a new one.
   */
  const claimAll = async (eventIds: string[]): Promise<PromiseSettledResult<Claim>[]> => {
    if (eventIds.length > 1 && eventIds.length <= MARK_BATCH_MAX && new Set(eventIds).size === eventIds.length) {
      const now = deps.clock.now();
      const tx = new Transaction(deps.store.tableName);
      for (const [i, id] of eventIds.entries()) tx.put(`event${i}`, claim(id, now));
      try {
        await runTransaction(deps.store, tx);
        return eventIds.map(() => ({ status: 'fulfilled', value: 'claimed' }));
      } catch {
        // Some were seen (a redelivery), the transaction lost a race or the store stalled: one by one.
      }
    }
    return Promise.allSettled(eventIds.map(claimOne));
  };

  /** Marks handled events done: no later delivery acts on them again. */
  const finish = async (eventIds: string[]) => {
    const now = deps.clock.now();
    if (eventIds.length === 1) {
      await deps.store.doc.send(
        new PutCommand({ TableName: deps.store.tableName, Item: marker(eventIds[0]!, now, 'done') }),
      );
    } else if (eventIds.length > 1) {
      const tx = new Transaction(deps.store.tableName);
      for (const [i, id] of eventIds.entries()) tx.put(`event${i}`, { Item: marker(id, now, 'done') });
      await runTransaction(deps.store, tx);
    }
  };

  /** Lets go of an event that failed, so LINE's redelivery acts on it (else its lease runs out). */
  const forget = (eventId: string) =>
    deps.store.doc.send(new DeleteCommand({ TableName: deps.store.tableName, Key: key.lineWebhookEvent(eventId) }));

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
      // Let LINE's redelivery try again rather than lose the event (a stalled store: the lease).
      await forget(event.webhookEventId).catch(() => {});
      throw error;
    }
  };

  /** Acts on each event once, concurrently; the events that failed, and why. */
  const handleAll = async (events: WebhookEvent[]) => {
    const acting = events.flatMap((event) => {
      const action = actionOf(event);
      return action ? [{ event, action }] : [];
    });
    const claims = await claimAll(acting.map(({ event }) => event.webhookEventId));
    const todo = acting.filter((_, i) => claims[i]?.status === 'fulfilled' && claims[i].value === 'claimed');
    const failures = claims.flatMap((c, i) => {
      const { event } = acting[i]!;
      if (c.status === 'rejected') return [{ event, reason: c.reason as unknown }];
      return c.value === 'busy' ? [{ event, reason: new DomainError('SERVICE_BUSY') as unknown }] : [];
    });
    let languages: ReadonlyMap<string, Language>;
    try {
      languages = await chat.languagesOf(todo.map(({ action }) => action));
    } catch (error) {
      await Promise.allSettled(todo.map(({ event }) => forget(event.webhookEventId)));
      throw error;
    }
    const outcomes = await Promise.allSettled(todo.map(({ event, action }) => act(event, action, languages)));
    const handled: string[] = [];
    outcomes.forEach((o, i) => {
      const { event } = todo[i]!;
      if (o.status === 'rejected') failures.push({ event, reason: o.reason });
      else handled.push(event.webhookEventId);
    });
    // Acted on and answered: a failure to say so leaves the lease, which only a redelivery of a
    // body with another failed event, after the lease, would take over (logged).
    await finish(handled).catch((error: unknown) => log.warn('LINE webhook: handled events not marked done', error));
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
    // A store that is busy or stalled answers 503 with Retry-After (functions/src/app/LIMITS.md, "Stalls").
    if (failures.some(({ reason }) => isBusy(reason))) throw new DomainError('SERVICE_BUSY');
    if (failures.length > 0) throw new Error(`LINE webhook: ${failures.length} event(s) failed`);
    return c.json({ success: true, message: 'OK', timestamp: new Date().toISOString(), data: null });
  });
  return app;
}
