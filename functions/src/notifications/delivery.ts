import type { Store } from '#db/client.ts';
import type { LineMessaging } from '#line/client.ts';
import type { DeliveryChannel, OutboxRecord } from '#outbox/model.ts';
import type { OutboxRepository } from '#outbox/repository.ts';
import type { Clock } from '#platform/clock.ts';
import { BUSINESS_METRICS, count } from '#platform/metrics.ts';
import type { LineUsageRepository } from '#teams/line-usage-repository.ts';
import { LineBudget } from './line-budget.ts';
import { LineDailyCap } from './line-daily-cap.ts';
import { LineQuotaGauge } from './line-quota.ts';

/** What the dispatcher and its group delivery share: how an attempt ends, and the LINE tools. */

export type DeliveryOutcome =
  | { status: 'delivered'; channels: DeliveryChannel[] }
  | { status: 'skipped'; reason: string }
  | { status: 'retryLater'; attempts: number; error: string }
  | { status: 'failed'; attempts: number; error: string }
  /** Already delivered or abandoned, or another dispatcher holds it right now. */
  | { status: 'notClaimed' };

export const LINE_NOT_CONFIGURED = 'the LINE channel access token is not set yet';

export const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** The LINE client with its monthly quota gauge, team budgets and daily caps: all or nothing. */
export interface LineTools {
  client: LineMessaging;
  quota: LineQuotaGauge;
  budget: LineBudget;
  dailyCap: LineDailyCap;
}

export function lineToolsFor(
  line: LineMessaging | null,
  store: Store,
  usage: LineUsageRepository,
  clock: Clock,
  log: Pick<Console, 'warn'>,
): LineTools | null {
  if (!line) return null;
  return {
    client: line,
    // One gauge per dispatcher, so one quota reading per process every few minutes.
    quota: new LineQuotaGauge(line, clock, { log }),
    budget: new LineBudget(usage, line, clock, log),
    dailyCap: new LineDailyCap(store, clock, log),
  };
}

/**
 * Ends one claimed attempt: finished (delivered, skipped, failed) or rescheduled after a
 * failure, each only while the claim is held (`OutboxRepository.finish` / `reschedule`).
 */
export class AttemptEnd {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
    private readonly policy: { maxAttempts: number; retryDelayMs: (failedAttempts: number) => number },
    private readonly log: Pick<Console, 'warn' | 'error'>,
  ) {}

  async skipped(record: OutboxRecord, claimToken: string, reason: string): Promise<DeliveryOutcome> {
    await this.finish(record, claimToken, { status: 'skipped', channels: [], note: reason });
    return { status: 'skipped', reason };
  }

  async finish(
    record: OutboxRecord,
    claimToken: string,
    outcome: Parameters<OutboxRepository['finish']>[2],
  ): Promise<void> {
    const finished = await this.outbox.finish(record.id, claimToken, outcome, this.clock.now());
    if (!finished) this.log.warn(`Outbox ${record.id}: claim lost before it was marked ${outcome.status}`);
  }

  /** A failed attempt: retried later, or abandoned (status 'failed') after the last attempt. */
  async failed(
    record: OutboxRecord,
    claimToken: string,
    error: string,
    channels: { done: DeliveryChannel[]; refused: DeliveryChannel[] },
  ): Promise<DeliveryOutcome> {
    const attempts = record.attempts ?? 1;
    if (attempts >= this.policy.maxAttempts) {
      this.log.error(`Outbox ${record.id}: giving up after ${attempts} attempts: ${error}`);
      count(BUSINESS_METRICS.abandoned);
      await this.finish(record, claimToken, { status: 'failed', channels: channels.done, note: error });
      return { status: 'failed', attempts, error };
    }
    const at = new Date(this.clock.now().getTime() + this.policy.retryDelayMs(attempts));
    await this.outbox.reschedule(record.id, claimToken, {
      at,
      error,
      channelsDone: channels.done,
      channelsRefused: channels.refused,
    });
    return { status: 'retryLater', attempts, error };
  }
}
