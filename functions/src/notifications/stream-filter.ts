import type { DynamoDBRecord } from 'aws-lambda';

/**
 * Event filter of the outbox stream consumer (Lambda event source mapping syntax): only new
 * outbox items invoke it. The CDK stack uses this object, so code and filter never disagree.
 */
export const OUTBOX_INSERT_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: ['outbox'] } } },
} as const;

/** The same test in code: a record the filter would let through. */
export const isOutboxInsert = (record: DynamoDBRecord) =>
  record.eventName === 'INSERT' && record.dynamodb?.NewImage?.type?.S === 'outbox';
