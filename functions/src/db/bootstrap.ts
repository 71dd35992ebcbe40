import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput, TABLE_SHAPE } from './table.ts';

/** Creates the table when it is missing (local engine and tests; on AWS the CDK stack owns it). */
export async function ensureTable(doc: DynamoDBDocumentClient, tableName: string): Promise<void> {
  try {
    await doc.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await doc.send(new CreateTableCommand(createTableInput(tableName)));
  await doc.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_SHAPE.ttlAttribute, Enabled: true },
    }),
  );
}
