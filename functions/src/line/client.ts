import { createHash } from 'node:crypto';
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';

export const LINE_API_BASE_URL = 'https://api.line.me';

/** The part of the Messaging API the product uses; the real bot-sdk client satisfies it. */
export type LineMessaging = Pick<
  messagingApi.MessagingApiClient,
  | 'pushMessage'
  | 'replyMessage'
  | 'getMessageQuota'
  | 'getMessageQuotaConsumption'
  | 'getGroupMemberCount'
  | 'getGroupSummary'
  // Rich menus per language (rich-menu-link.ts): no message, no quota.
  | 'getRichMenuAlias'
  | 'linkRichMenuIdToUser'
>;

/**
 * The bot-sdk client. Note that it resolves its request paths (`/v2/bot/...`) against the
 * ORIGIN of `baseURL` (`new URL(path, baseURL)`), so any path prefix in `baseURL` is dropped.
 */
export function createLineMessaging(options: { channelAccessToken: string; baseURL?: string }): LineMessaging {
  return new messagingApi.MessagingApiClient({
    channelAccessToken: options.channelAccessToken,
    baseURL: options.baseURL ?? LINE_API_BASE_URL,
  });
}

/** Fixed namespace of this product's retry keys (a random UUID, chosen once). */
const RETRY_KEY_NAMESPACE = Buffer.from('6f1c2d0e8b5a4c7e9d3f1a2b3c4d5e6f', 'hex');

/**
 * The `X-Line-Retry-Key` of an outbox record: a name-based (v5) UUID of its id, so every retry
 * of the same notification carries the same key and LINE accepts it at most once.
 */
export function retryKeyFor(outboxId: string): string {
  const hash = createHash('sha1').update(RETRY_KEY_NAMESPACE).update(`outbox:${outboxId}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type LineFailure = 'alreadyAccepted' | 'permanent' | 'transient';

/** LINE's refusal for the Official Account's monthly message quota: 429 "You have reached your monthly limit." */
export function isQuotaRefusal(error: unknown): boolean {
  return error instanceof HTTPFetchError && error.status === 429 && /monthly limit/i.test(String(error.body));
}

/**
 * How to treat a failed Messaging API call. 409 with a retry key means an earlier attempt was
 * accepted (the push went out); other 4xx will fail the same way again (bad recipient, the
 * user blocked the account); 429, 5xx and network errors are worth another attempt.
 */
export function classifyLineFailure(error: unknown): LineFailure {
  if (error instanceof HTTPFetchError) {
    if (error.status === 409) return 'alreadyAccepted';
    if (error.status === 429 || error.status === 408 || error.status >= 500) return 'transient';
    return 'permanent';
  }
  return 'transient';
}
