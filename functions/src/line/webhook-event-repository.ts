import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { lineWebhookEventCodec } from '#db/codecs/line.ts';
import { key, ttlAt } from '#db/keys.ts';
import { isConditionFailure, runTransaction, Transaction } from '#db/transaction.ts';
import { deleteItem } from '#db/writes.ts';

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

export type Claim = 'claimed' | 'done' | 'busy';

/**
 * The LINE webhook's event items (`LINEEVENT#<webhookEventId>`, TABLE.md): `handling` under a
 * lease while a delivery acts on the event, then `done`, so each event is acted on once.
 */
export class WebhookEventRepository {
  constructor(private readonly store: Store) {}

  /** An event's item: `handling` under a lease while a delivery acts on it, then `done`. */
  private marker(eventId: string, now: Date, state: 'handling' | 'done') {
    return lineWebhookEventCodec.encode(
      {
        type: 'lineWebhookEvent',
        state,
        receivedAt: now.toISOString(),
        leaseUntil: new Date(now.getTime() + HANDLING_LEASE_MS).toISOString(),
        ttl: ttlAt(now, HANDLED_EVENT_TTL_SECONDS),
      },
      eventId,
    );
  }

  /** New, or held by a delivery whose lease ran out; items from before leases (no `state`) are done. */
  private claim(eventId: string, now: Date) {
    return {
      Item: this.marker(eventId, now, 'handling'),
      ConditionExpression: 'attribute_not_exists(PK) OR (#state = :handling AND leaseUntil < :now)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':handling': 'handling', ':now': now.toISOString() },
    };
  }

  /** Claims one event: `claimed`, `done` (handled before: a redelivery) or `busy` (another delivery holds it). */
  private async claimOne(eventId: string, now: Date): Promise<Claim> {
    try {
      await this.store.doc.send(new PutCommand({ TableName: this.store.tableName, ...this.claim(eventId, now) }));
      return 'claimed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.lineWebhookEvent(eventId), ConsistentRead: true }),
    );
    return lineWebhookEventCodec.decodeOrNull(Item)?.state === 'handling' ? 'busy' : 'done';
  }

  /**
   * Claims a body's events: one transaction when none was seen before (the usual case), else one
   * conditional Put each, so a redelivered event is told apart from a new one.
   */
  async claimAll(eventIds: string[], now: Date): Promise<PromiseSettledResult<Claim>[]> {
    if (eventIds.length > 1 && eventIds.length <= MARK_BATCH_MAX && new Set(eventIds).size === eventIds.length) {
      const tx = new Transaction(this.store.tableName);
      for (const [i, id] of eventIds.entries()) tx.put(`event${i}`, this.claim(id, now));
      try {
        await runTransaction(this.store, tx);
        return eventIds.map(() => ({ status: 'fulfilled', value: 'claimed' }));
      } catch {
        // Some were seen (a redelivery), the transaction lost a race or the store stalled: one by one.
      }
    }
    return Promise.allSettled(eventIds.map((id) => this.claimOne(id, now)));
  }

  /** Marks handled events done: no later delivery acts on them again. */
  async finish(eventIds: string[], now: Date): Promise<void> {
    if (eventIds.length === 1) {
      await this.store.doc.send(
        new PutCommand({ TableName: this.store.tableName, Item: this.marker(eventIds[0]!, now, 'done') }),
      );
    } else if (eventIds.length > 1) {
      const tx = new Transaction(this.store.tableName);
      for (const [i, id] of eventIds.entries()) tx.put(`event${i}`, { Item: this.marker(id, now, 'done') });
      await runTransaction(this.store, tx);
    }
  }

  /** Lets go of an event that failed, so LINE's redelivery acts on it (else its lease runs out). */
  forget(eventId: string): Promise<void> {
    return deleteItem(this.store, key.lineWebhookEvent(eventId));
  }
}
