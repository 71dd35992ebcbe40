import type { DynamoDBRecord } from 'aws-lambda';

/**
 * Event filter of the board broadcaster (Lambda event source mapping syntax): only writes of a
 * board item (`SK = ROTATION`, TABLE.md "Rotation") that leave an image invoke it. The CDK stack
 * uses this object (infra/lib/constructs/rotation-live.ts), so code and filter never disagree.
 */
export const ROTATION_BOARD_FILTER = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { Keys: { SK: { S: ['ROTATION'] } } },
} as const;

/** The same test in code: a record the filter would let through, with its new image. */
export const isRotationBoardChange = (record: DynamoDBRecord) =>
  (record.eventName === 'INSERT' || record.eventName === 'MODIFY') &&
  record.dynamodb?.Keys?.SK?.S === 'ROTATION' &&
  record.dynamodb.NewImage !== undefined;
