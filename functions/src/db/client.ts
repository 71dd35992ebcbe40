import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface StoreOptions {
  region: string;
  endpoint?: string;
  /**
   * How long one attempt may wait for its answer, in ms (connecting: at most a third of it).
   * Default on AWS `AWS_REQUEST_TIMEOUT_MS`; locally none unless given (tests of stalls give one).
   */
  requestTimeoutMs?: number;
}

/**
 * One attempt on AWS waits at most this long: DynamoDB answers in milliseconds, so a longer wait is
 * a stall. Two attempts of it (6 s) end well inside the APIs' 15 s Lambda timeout, so the API
 * itself answers 503 `SERVICE_BUSY` with `Retry-After` (functions/src/app/LIMITS.md, "Stalls").
 */
const AWS_REQUEST_TIMEOUT_MS = 3000;

/**
 * DynamoDB Local takes the access key from the Authorization header and checks no signature: locally
 * each request carries this fixed header instead of a SigV4 signature, which costs the SDK about a
 * fifth of its CPU per call (hashing the body, deriving the key; docs/TESTING.md, "Suite time").
 */
const LOCAL_AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=local';
const localSigner = {
  sign: async <R extends { headers: Record<string, string> }>(request: R): Promise<R> => {
    request.headers.authorization = LOCAL_AUTHORIZATION;
    return request;
  },
};

/**
 * One document client per process. The SDK retries throttling, timeouts and broken connections
 * once, on AWS and locally alike (DynamoDB Local, too, closes keep-alive sockets the SDK still
 * holds, and the next request on one fails with ECONNRESET); transaction conflicts and anything
 * left over go through `withRetry`, so the two budgets stay small and bounded.
 */
export function createDocumentClient(options: StoreOptions): DynamoDBDocumentClient {
  const local = options.endpoint !== undefined;
  const timeout = options.requestTimeoutMs ?? (local ? undefined : AWS_REQUEST_TIMEOUT_MS);
  const client = new DynamoDBClient({
    region: options.region,
    endpoint: options.endpoint,
    maxAttempts: 2,
    ...(local ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, signer: localSigner } : {}),
    // Without `throwOnRequestTimeout` the SDK only logs a timeout and keeps waiting.
    ...(timeout
      ? {
          requestHandler: {
            requestTimeout: timeout,
            connectionTimeout: Math.ceil(timeout / 3),
            throwOnRequestTimeout: true,
          },
        }
      : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export interface Store {
  doc: DynamoDBDocumentClient;
  tableName: string;
}
