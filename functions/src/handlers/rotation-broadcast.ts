import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { createDocumentClient } from '#db/client.ts';
import { broadcastStream, type PostToSocket } from '#rotation/live.ts';
import { RotationSockets } from '#rotation/socket-repository.ts';
import { observed, traced } from './observability.ts';

/**
 * Posts every board write to the session's sockets (docs/ON-COURT.md, "Live"): its own event
 * source mapping on the table's stream, filtered to `SK = ROTATION` (rotation/stream-filter.ts).
 * `ROTATION_WS_ENDPOINT` is the stage's management URL, `https://<api>.execute-api.<region>.amazonaws.com/<stage>`.
 */
const env = process.env;
const region = env.AWS_REGION || 'ap-northeast-1';
const sockets = new RotationSockets({
  doc: traced(createDocumentClient({ region, endpoint: env.DYNAMODB_ENDPOINT })),
  tableName: env.TABLE_NAME || 'shuttle',
});
const management = traced(new ApiGatewayManagementApiClient({ region, endpoint: env.ROTATION_WS_ENDPOINT }));
const encoder = new TextEncoder();

const post: PostToSocket = async (connectionId, data) => {
  try {
    await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: encoder.encode(data) }));
    return 'sent';
  } catch (error) {
    if (error instanceof GoneException) return 'gone';
    throw error;
  }
};

export const handler = observed(async (event: DynamoDBStreamEvent, _context?: unknown) =>
  broadcastStream(event.Records, sockets, post),
);
