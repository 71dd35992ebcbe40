import type { Store } from '#db/client.ts';
import { WebhookEventRepository } from '#line/webhook-event-repository.ts';
import { OutboxRepository } from '#outbox/repository.ts';
import { type Clock, type IdGenerator, randomId } from '#platform/clock.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { TeamRepository } from '#teams/repository.ts';
import { playerBookingEngine } from './factories.ts';

/**
 * What the LINE webhook's bot acts through (docs/ARCHITECTURE.md, "Composition root"): the
 * booking engine of the players' own calls (card postbacks join and cancel with it, the level range checked) and the
 * repositories it reads. The webhook Lambda (handlers/notifier-deps.ts), the local server and
 * the tests all build it here.
 */
export function lineServices(deps: { store: Store; clock: Clock; ids?: IdGenerator; retry?: RetryPolicy }) {
  const { store, clock, ids = randomId, retry } = deps;
  return {
    store,
    clock,
    engine: playerBookingEngine({ store, clock, ids, retry }),
    sessions: new SessionRepository(store),
    teams: new TeamRepository(store),
    outbox: new OutboxRepository(store),
    events: new WebhookEventRepository(store),
  };
}
