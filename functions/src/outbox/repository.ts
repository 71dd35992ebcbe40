import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '#db/client.ts';
import { decodeReadable } from '#db/codec.ts';
import { outboxCodec } from '#db/codecs/outbox.ts';
import { index, key } from '#db/keys.ts';
import { isConditionFailure } from '#db/transaction.ts';
import { putIfAbsent } from '#db/writes.ts';
import { isTransientStoreError, withRetry } from '#platform/retry.ts';
import type { DeliveryChannel, OutboxFinalStatus, OutboxItem, OutboxRecord } from './model.ts';

/** Writes a new record (as `model.ts` builds it) unless one with the same id exists; false when it already did. */
export function putOutboxIfAbsent(store: Store, item: OutboxItem): Promise<boolean> {
  return putIfAbsent(store, item);
}

/** BatchWriteItem takes at most 25 items. */
const BATCH = 25;

/**
 * Writes records that each stand alone (a team's news: more than one transaction holds) with
 * BatchWriteItem in chunks of 25, unprocessed items resent; not all-or-none (TABLE.md, "Team news").
 */
export async function putOutboxBatch(store: Store, items: readonly OutboxItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    let pending: { PutRequest: { Item: Record<string, unknown> } }[] = items
      .slice(i, i + BATCH)
      .map((Item) => ({ PutRequest: { Item } }));
    for (let round = 0; pending.length > 0; round++) {
      if (round > 5) throw new Error('Outbox items left unprocessed');
      const { UnprocessedItems } = await withRetry(
        () => store.doc.send(new BatchWriteCommand({ RequestItems: { [store.tableName]: pending } })),
        isTransientStoreError,
      );
      pending = (UnprocessedItems?.[store.tableName] ?? []).flatMap((request) =>
        request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
      );
      if (pending.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** round));
    }
  }
}

/** The outbox's storage: claiming, finishing and rescheduling records with conditional writes. */
export class OutboxRepository {
  constructor(private readonly store: Store) {}

  /** Writes the item unless one with the same id exists; false when it already did. */
  putIfAbsent(item: OutboxItem): Promise<boolean> {
    return putOutboxIfAbsent(this.store, item);
  }

  /**
   * Pending records due by `now`, oldest first (GSI1 reads are eventually consistent). A corrupt
   * record is logged and left out, so it never holds up the others.
   */
  async due(now: Date, limit: number): Promise<OutboxRecord[]> {
    const { Items } = await this.store.doc.send(
      new QueryCommand({
        TableName: this.store.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pending AND GSI1SK <= :due',
        ExpressionAttributeValues: {
          ':pending': index.pendingOutboxPartition,
          // '~' sorts after '#', so every `<instant>#<id>` at or before now is included.
          ':due': `${now.toISOString()}~`,
        },
        ScanIndexForward: true,
        Limit: limit,
      }),
    );
    return decodeReadable(outboxCodec, Items ?? []);
  }

  /**
   * Takes the item for one delivery attempt if it is still pending and nobody holds it: the
   * condition is what keeps two dispatchers (stream, sweep, poller) from both sending.
   * Returns the item as it now is, or null when it is delivered, abandoned or held elsewhere.
   */
  async claim(outboxId: string, claimToken: string, now: Date, leaseMs: number): Promise<OutboxRecord | null> {
    const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.outbox(outboxId),
          UpdateExpression: 'SET claimToken = :token, leaseUntil = :until, GSI1SK = :due ADD attempts :one',
          ConditionExpression: 'attribute_exists(GSI1PK) AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)',
          ExpressionAttributeValues: {
            ':token': claimToken,
            ':until': leaseUntil,
            // A dispatcher that dies mid-delivery leaves the item due again when its lease ends.
            ':due': index.pendingOutbox(leaseUntil, outboxId).GSI1SK,
            ':one': 1,
            ':now': now.toISOString(),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return outboxCodec.decode(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  /**
   * Keeps the LINE request body of the first attempt on the record, before it is sent. Only
   * the holder of the claim may, and only once; false when the claim was lost or a body is
   * already stored (the caller then sends nothing).
   */
  async saveLineRequest(outboxId: string, claimToken: string, body: string): Promise<boolean> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.outbox(outboxId),
          UpdateExpression: 'SET lineRequest = :body',
          ConditionExpression: 'attribute_exists(GSI1PK) AND claimToken = :token AND attribute_not_exists(lineRequest)',
          ExpressionAttributeValues: { ':body': body, ':token': claimToken },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /**
   * Marks a service message about to be sent with the token of `version` (docs/LINE.md, "Service
   * messages"). Only the holder of the claim may, and only once; false when the claim was lost.
   */
  async saveServiceAttempt(outboxId: string, claimToken: string, version: string): Promise<boolean> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.outbox(outboxId),
          UpdateExpression: 'SET serviceAttempt = :version',
          ConditionExpression:
            'attribute_exists(GSI1PK) AND claimToken = :token AND attribute_not_exists(serviceAttempt)',
          ExpressionAttributeValues: { ':version': version, ':token': claimToken },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /**
   * Ends the record: it leaves the pending index, so it is never sent again. Only the holder
   * of the claim may do this; false when the claim was lost (lease ran out meanwhile).
   */
  async finish(
    outboxId: string,
    claimToken: string,
    outcome: { status: OutboxFinalStatus; channels: DeliveryChannel[]; note?: string },
    now: Date,
  ): Promise<boolean> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.outbox(outboxId),
          UpdateExpression:
            'SET #status = :status, channels = :channels, note = :note, finishedAt = :now REMOVE GSI1PK, GSI1SK, claimToken, leaseUntil',
          ConditionExpression: 'attribute_exists(GSI1PK) AND claimToken = :token',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': outcome.status,
            ':channels': outcome.channels,
            ':note': outcome.note ?? null,
            ':now': now.toISOString(),
            ':token': claimToken,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Gives the claim back after a failed attempt; the record stays pending and is due at `retryAt`. */
  async reschedule(
    outboxId: string,
    claimToken: string,
    retry: { at: Date; error: string; channelsDone: DeliveryChannel[]; channelsRefused?: DeliveryChannel[] },
  ): Promise<boolean> {
    const at = retry.at.toISOString();
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.outbox(outboxId),
          UpdateExpression:
            'SET leaseUntil = :at, GSI1SK = :due, lastError = :error, channelsDone = :done, channelsRefused = :refused REMOVE claimToken',
          ConditionExpression: 'attribute_exists(GSI1PK) AND claimToken = :token',
          ExpressionAttributeValues: {
            ':at': at,
            ':due': index.pendingOutbox(at, outboxId).GSI1SK,
            ':error': retry.error.slice(0, 500),
            ':done': retry.channelsDone,
            ':refused': retry.channelsRefused ?? [],
            ':token': claimToken,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
