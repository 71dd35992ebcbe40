import { classifyNotifierFailure, type ServiceNotifier } from '#line/notifier.ts';
import type { UserOutboxRecord } from '#outbox/model.ts';
import type { OutboxRepository } from '#outbox/repository.ts';
import type { Clock } from '#platform/clock.ts';
import type { ServiceKind } from './service-catalog.ts';
import { type ServiceNoticeFacts, serviceParams, templateNameOf } from './service-templates.ts';
import type { ServiceTokenRepository } from './service-token-repository.ts';

/**
 * One booking notice as a LINE MINI App service message (docs/LINE.md, "Service messages"): the
 * booking's token is leased, the send is marked on the record before it goes (LINE has no retry
 * key for it), the renewed token is kept. The outcome tells the dispatcher whether the notice
 * went, must fall back to the channel plan (push, email), or must be tried again later.
 */

/** What MINI App mode gives the dispatcher; absent (mode off, or no channel yet): every notice follows the plan. */
export interface ServiceMessaging {
  notifier: ServiceNotifier;
  tokens: ServiceTokenRepository;
  /** LINE's catalog entry of each kind (service-catalog.ts); the tests and `npm start` name the local templates. */
  catalog?: Record<ServiceKind, string | null>;
}

export type ServiceOutcome =
  | { status: 'sent'; note?: string }
  /** Not sent: the channel plan delivers the notice. `refused`: LINE said no for this notice, not worth another try. */
  | { status: 'fallBack'; note: string; refused: boolean }
  | { status: 'retry'; error: string }
  /** The record's claim was lost before the send: nothing was sent. */
  | { status: 'notClaimed' };

/** Long enough for one send and a retry of a send whose answer was lost; another notice of the booking waits. */
export const SERVICE_TOKEN_LEASE_MS = 5 * 60_000;

const UNKNOWN_EARLIER = 'service: an earlier attempt sent it, or may have (LINE renewed the token): not sent again';

export async function sendServiceMessage(
  deps: { messaging: ServiceMessaging; outbox: OutboxRepository; clock: Clock; counted: () => Promise<void> },
  record: UserOutboxRecord & { kind: ServiceKind },
  claimToken: string,
  facts: ServiceNoticeFacts,
): Promise<ServiceOutcome> {
  const { tokens, notifier } = deps.messaging;
  const { userId, sessionId } = record;
  const now = deps.clock.now();
  const claim = await tokens.claim(userId, sessionId, record.id, now, SERVICE_TOKEN_LEASE_MS);
  // An earlier attempt marked a send and did not live to record its answer: it may have gone.
  const earlier = record.serviceAttempt;
  if (claim.status === 'busy')
    return { status: 'retry', error: 'service: another notice of this booking holds its token' };
  if (claim.status === 'none') {
    return earlier
      ? { status: 'sent', note: UNKNOWN_EARLIER }
      : { status: 'fallBack', note: `service: ${claim.reason}`, refused: false };
  }
  if (earlier && earlier !== claim.record.version) {
    await tokens.release(userId, sessionId, record.id);
    return { status: 'sent', note: UNKNOWN_EARLIER };
  }
  if (!earlier && !(await deps.outbox.saveServiceAttempt(record.id, claimToken, claim.record.version))) {
    await tokens.release(userId, sessionId, record.id);
    return { status: 'notClaimed' };
  }
  const { template, params } = serviceParams(facts);
  try {
    const answer = await notifier.send({
      templateName: templateNameOf(template, deps.messaging.catalog),
      params,
      notificationToken: claim.token,
    });
    await tokens.renewed(userId, sessionId, record.id, answer, deps.clock.now());
    await deps.counted();
    return { status: 'sent' };
  } catch (error) {
    const failure = classifyNotifierFailure(error);
    const said = error instanceof Error ? error.message : String(error);
    // Kept under the lease: the retry sends with the same token, and LINE's answer tells whether the first went.
    if (failure === 'transient') return { status: 'retry', error: `service: ${said}` };
    if (failure === 'channel') {
      await tokens.release(userId, sessionId, record.id);
      return { status: 'fallBack', note: `service: ${said}`, refused: true };
    }
    await tokens.drop(userId, sessionId, record.id);
    // A retried send refused for its token: the first attempt went, and LINE renewed the token then.
    if (failure === 'token' && earlier) return { status: 'sent', note: UNKNOWN_EARLIER };
    return { status: 'fallBack', note: `service: ${said}`, refused: true };
  }
}
