import type { Store } from '#db/client.ts';
import type { LineMessaging } from '#line/client.ts';
import type { Clock } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import type { DeliveryOutcome } from './delivery.ts';
import { type NotifierRepositories, OutboxDispatcher } from './dispatcher.ts';
import type { ServiceMessaging } from './service-delivery.ts';

const BATCH = 25;
const MAX_ROUNDS_PER_TICK = 20;

/**
 * Delivers the pending records that are due, oldest first: the local poller's tick and, on
 * AWS, the scheduled sweep that retries what the stream consumer could not deliver.
 */
export async function drainPendingOutbox(
  deps: { clock: Clock; dispatcher: OutboxDispatcher },
  limit = BATCH,
): Promise<DeliveryOutcome[]> {
  const due = await deps.dispatcher.due(deps.clock.now(), limit);
  const outcomes: DeliveryOutcome[] = [];
  for (const record of due) outcomes.push(await deps.dispatcher.deliver(record));
  return outcomes;
}

export interface OutboxPollerOptions {
  store: Store;
  clock: Clock;
  repositories: NotifierRepositories;
  line: LineMessaging | null;
  mailer: EmailSender;
  appBaseUrl: string;
  /** The member app's LIFF id: links in pushes open `https://liff.line.me/<liffId>/…`. */
  liffId?: string;
  /** LINE MINI App mode and its service messages (`OutboxDispatcher`'s `miniApp`, `service`). */
  miniApp?: boolean;
  service?: ServiceMessaging | null;
  intervalMs?: number;
  log?: Pick<Console, 'warn' | 'error'>;
}

/**
 * Locally there is no DynamoDB stream: poll the pending index instead. Ticks never overlap;
 * `stop()` resolves once the tick in flight (if any) has finished.
 */
export function startOutboxPoller(options: OutboxPollerOptions): { stop(): Promise<void> } {
  const log = options.log ?? console;
  const dispatcher = new OutboxDispatcher({
    store: options.store,
    clock: options.clock,
    repositories: options.repositories,
    line: options.line,
    mailer: options.mailer,
    appBaseUrl: options.appBaseUrl,
    liffId: options.liffId,
    miniApp: options.miniApp,
    service: options.service,
    log,
  });
  const intervalMs = options.intervalMs ?? 500;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      // Keep draining while full batches come back, so a burst is not spread over many ticks.
      for (let round = 0; round < MAX_ROUNDS_PER_TICK && !stopped; round++) {
        if ((await drainPendingOutbox({ ...options, dispatcher })).length < BATCH) break;
      }
    } catch (error) {
      if (!stopped) log.error('Outbox poller tick failed', error);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = tick().finally(schedule);
    }, intervalMs);
    timer.unref?.();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
