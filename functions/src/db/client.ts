import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface StoreOptions {
  region: string;
  endpoint?: string;
}

/**
 * One document client per process. The SDK retries throttling once on AWS; transaction conflicts
 * and anything left over go through `withRetry`, so the two budgets stay small and bounded.
 */
export function createDocumentClient(options: StoreOptions): DynamoDBDocumentClient {
  const local = options.endpoint !== undefined;
  const client = new DynamoDBClient({
    region: options.region,
    endpoint: options.endpoint,
    maxAttempts: local ? 1 : 2,
    ...(local ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export interface Store {
  doc: DynamoDBDocumentClient;
  tableName: string;
}
