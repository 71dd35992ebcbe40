import {
  CreateTableCommand,
  DescribeTableCommand,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput, TABLE_SHAPE } from './table.ts';

/**
 * Creates the table when it is missing, and adds any index of `TABLE_SHAPE` a table made by an
 * older version lacks (local engine and tests; on AWS the CDK stack owns it).
 */
export async function ensureTable(doc: DynamoDBDocumentClient, tableName: string): Promise<void> {
  let existing: string[] | null = null;
  try {
    const { Table } = await doc.send(new DescribeTableCommand({ TableName: tableName }));
    existing = (Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? '');
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const input = createTableInput(tableName);
  if (existing) {
    for (const gsi of input.GlobalSecondaryIndexes ?? []) {
      if (existing.includes(gsi.IndexName ?? '')) continue;
      await doc.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: input.AttributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: gsi }],
        }),
      );
    }
    return;
  }
  await doc.send(new CreateTableCommand(input));
  await doc.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_SHAPE.ttlAttribute, Enabled: true },
    }),
  );
}

/** Whether a DynamoDB endpoint answers (one ListTables call; the local engine while it starts). */
export async function answers(doc: DynamoDBDocumentClient): Promise<boolean> {
  try {
    await doc.send(new ListTablesCommand({}));
    return true;
  } catch {
    return false;
  }
}
