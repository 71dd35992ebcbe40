import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { storeViewerChecks } from '#app/viewer-checks.ts';
import { createDocumentClient } from '#db/client.ts';
import { randomId, systemClock } from '#platform/clock.ts';
import { broadcastStream } from '#rotation/live.ts';
import { RotationSockets } from '#rotation/socket-repository.ts';
import { managementTransport } from '#rotation/socket-transport.ts';
import { observed, traced } from './observability.ts';

/**
 * The live board's stream function (docs/ON-COURT.md, "Live"): its own event source mapping on
 * the table's stream, filtered to board writes and to rights ending (rotation/stream-filter.ts).
 * Posts each board to the session's sockets in the view of each viewer and closes the sockets
 * whose right is gone. `ROTATION_WS_ENDPOINT` is the stage's management URL,
 * `https://<api>.execute-api.<region>.amazonaws.com/<stage>`.
 */
const env = process.env;
const region = env.AWS_REGION || 'ap-northeast-1';
const store = {
  doc: traced(createDocumentClient({ region, endpoint: env.DYNAMODB_ENDPOINT })),
  tableName: env.TABLE_NAME || 'shuttle',
};
const management = traced(new ApiGatewayManagementApiClient({ region, endpoint: env.ROTATION_WS_ENDPOINT }));

const deps = {
  sockets: new RotationSockets(store),
  transport: managementTransport(management),
  // Rechecks read rights by the viewer recorded on the socket, never a token: no token secret here.
  checks: storeViewerChecks({ store, tokens: null, clock: systemClock, ids: randomId }),
  clock: systemClock,
};

export const handler = observed(async (event: DynamoDBStreamEvent, _context?: unknown) =>
  broadcastStream(event.Records, deps),
);
