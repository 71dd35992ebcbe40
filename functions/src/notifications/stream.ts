import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { outboxCodec } from '#db/codecs/outbox.ts';
import { decodeStreamImage } from '#db/stream.ts';
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
    let item: ReturnType<typeof outboxCodec.decode>;
    try {
      item = decodeStreamImage(outboxCodec, record.dynamodb?.NewImage);
    } catch {
      // A corrupt record is logged (CORRUPT_ITEM) and left: retrying the batch would not mend it.
      continue;
    }
    try {
      await dispatcher.deliver(item);
    } catch (error) {
      log.error(`Outbox ${item.id}: delivery could not be attempted`, error);
      if (record.dynamodb?.SequenceNumber) batchItemFailures.push({ itemIdentifier: record.dynamodb.SequenceNumber });
    }
  }
  return { batchItemFailures };
}
