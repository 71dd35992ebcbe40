import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_LANGUAGE, type Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Store } from '#db/client.ts';
import { key, ttlAt } from '#db/keys.ts';
import { isConditionFailure } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError, ValidationError } from '#platform/errors.ts';
import { type ApiEnv, installErrorHandling, limitBody, MAX_BODY_BYTES } from '#platform/http.ts';
import { UserRepository, userIdFor } from '#players/repository.ts';
import { classifyLineFailure, type LineMessaging } from './client.ts';
import { isValidLineSignature } from './signature.ts';

export const LINE_WEBHOOK_PATH = '/webhook/line';

/** LINE redelivers failed webhooks for a limited time; remember handled events a while longer. */
const HANDLED_EVENT_TTL_SECONDS = 7 * 24 * 3600;

const webhookEvent = z.looseObject({
  type: z.string(),
  webhookEventId: z.string().min(1),
  timestamp: z.number(),
  replyToken: z.string().optional(),
  source: z.looseObject({ type: z.string(), userId: z.string().optional() }).optional(),
  message: z.looseObject({ type: z.string(), text: z.string().optional() }).optional(),
});
const webhookBody = z.looseObject({ destination: z.string(), events: z.array(webhookEvent) });
type WebhookEvent = z.infer<typeof webhookEvent>;

export interface LineWebhookDeps {
  channelSecret: string;
  /** Null when no channel access token is configured: events are recorded but not answered. */
  line: LineMessaging | null;
  store: Store;
  clock: Clock;
  /** Where the welcome and help replies send the player (the LIFF URL in production). */
  appUrl: string;
  log?: Pick<Console, 'warn' | 'error'>;
}

/**
 * `POST /webhook/line`: the LINE Official Account's webhook. The signature is checked on the
 * raw bytes before anything is parsed; each event is acted on once even when LINE redelivers it.
 */
export function createLineWebhook(deps: LineWebhookDeps): Hono<ApiEnv> {
  const log = deps.log ?? console;
  const users = new UserRepository(deps.store);
  const app = new Hono<ApiEnv>();
  installErrorHandling(app);
  app.use(LINE_WEBHOOK_PATH, limitBody(MAX_BODY_BYTES));

  /** Records the event as handled; false when it already was (a redelivery). */
  const markHandled = async (eventId: string): Promise<boolean> => {
    const now = deps.clock.now();
    try {
      await deps.store.doc.send(
        new PutCommand({
          TableName: deps.store.tableName,
          Item: {
            ...key.lineWebhookEvent(eventId),
            type: 'lineWebhookEvent',
            receivedAt: now.toISOString(),
            ttl: ttlAt(now, HANDLED_EVENT_TTL_SECONDS),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  };

  const forget = (eventId: string) =>
    deps.store.doc.send(new DeleteCommand({ TableName: deps.store.tableName, Key: key.lineWebhookEvent(eventId) }));

  const languageOf = async (event: WebhookEvent): Promise<Language> => {
    const lineUserId = event.source?.userId;
    if (!lineUserId) return DEFAULT_LANGUAGE;
    const user = await users.get(userIdFor('line', lineUserId));
    return user?.language ?? DEFAULT_LANGUAGE;
  };

  const reply = async (event: WebhookEvent, textKey: 'line.welcome' | 'line.help') => {
    if (!event.replyToken || !deps.line) return;
    const text = translate(await languageOf(event), 'notifications', textKey, { link: deps.appUrl });
    try {
      await deps.line.replyMessage({ replyToken: event.replyToken, messages: [{ type: 'text', text }] });
    } catch (error) {
      // A spent or expired reply token will not work on a redelivery either.
      if (classifyLineFailure(error) === 'transient') throw error;
      log.warn(`LINE webhook: reply to ${event.webhookEventId} refused`, error);
    }
  };

  const handle = async (event: WebhookEvent) => {
    const actionable = event.type === 'follow' || (event.type === 'message' && event.message?.type === 'text');
    if (!actionable || !(await markHandled(event.webhookEventId))) return;
    try {
      await reply(event, event.type === 'follow' ? 'line.welcome' : 'line.help');
    } catch (error) {
      // Let LINE's redelivery try again rather than lose the event.
      await forget(event.webhookEventId);
      throw error;
    }
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
    for (const event of parsed.data.events) await handle(event);
    return c.json({ success: true, message: 'OK', timestamp: new Date().toISOString(), data: null });
  });
  return app;
}
