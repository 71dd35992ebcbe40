import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, AttributeValue as StreamAttributeValue } from 'aws-lambda';
import type { OutboxRecord } from '#outbox/model.ts';
import type { OutboxDispatcher } from './dispatcher.ts';
import { isOutboxInsert } from './stream-filter.ts';

/**
 * DynamoDB Streams consumer: delivers each new outbox item. A delivery that fails is
 * rescheduled on the item itself (the scheduled sweep retries it), so only a fault that
 * left the item untouched (the table unreachable) is reported back for Lambda to retry.
 */
export async function consumeOutboxStream(
  event: DynamoDBStreamEvent,
  dispatcher: Pick<OutboxDispatcher, 'deliver'>,
  log: Pick<Console, 'error'> = console,
): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    if (!isOutboxInsert(record)) continue;
    const image = record.dynamodb!.NewImage as Record<string, StreamAttributeValue>;
    // Stream images and SDK attribute values have the same wire shape but distinct types.
    const item = unmarshall(image as Parameters<typeof unmarshall>[0]) as OutboxRecord;
    try {
      await dispatcher.deliver(item);
    } catch (error) {
      log.error(`Outbox ${item.id}: delivery could not be attempted`, error);
      if (record.dynamodb?.SequenceNumber) batchItemFailures.push({ itemIdentifier: record.dynamodb.SequenceNumber });
    }
  }
  return { batchItemFailures };
}
