import type { messagingApi } from '@line/bot-sdk';
import type { Language } from '@shuttle/shared';
import { Hono } from 'hono';
import * as z from 'zod';
import { DomainError, ValidationError } from '#platform/errors.ts';
import { type ApiEnv, installErrorHandling, limitBody, MAX_BODY_BYTES } from '#platform/http.ts';
import { isStoreUnavailable } from '#platform/retry.ts';
import { actionOf, type ChatAction, type ChatDeps, ChatReplies } from './chat.ts';
import { classifyLineFailure, type LineMessaging } from './client.ts';
import { isValidLineSignature } from './signature.ts';
import type { WebhookEventRepository } from './webhook-event-repository.ts';

export const LINE_WEBHOOK_PATH = '/webhook/line';

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

/** The store did not answer (or another delivery holds the event): LINE should try again later. */
const isBusy = (error: unknown) => isStoreUnavailable(error) || (error instanceof DomainError && error.status === 503);

/** Built by app/line-services.ts for the Lambda, the local server and tests alike. */
export interface LineWebhookDeps extends ChatDeps {
  channelSecret: string;
  /** Null when no channel access token is configured: events are recorded but not answered. */
  line: LineMessaging | null;
  /** The member app: `https://liff.line.me/<liffId>` in production; replies link into it. */
  appUrl: string;
  events: WebhookEventRepository;
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

  const { events } = deps;
  const claimAll = (eventIds: string[]) => events.claimAll(eventIds, deps.clock.now());

  const finish = (eventIds: string[]) => events.finish(eventIds, deps.clock.now());
  const forget = (eventId: string) => events.forget(eventId);

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
