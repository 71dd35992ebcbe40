import {
  type ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { SocketTransport } from './live.ts';

/**
 * The stage's connections through API Gateway's management API (docs/ON-COURT.md, "Live"):
 * `POST /@connections/<id>` sends a board, `DELETE /@connections/<id>` closes a socket whose
 * right is gone. A 410 (`GoneException`) means the socket is already closed.
 */
export function managementTransport(client: ApiGatewayManagementApiClient): SocketTransport {
  const encoder = new TextEncoder();
  return {
    post: async (connectionId, data) => {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: encoder.encode(data) }));
        return 'sent';
      } catch (error) {
        if (error instanceof GoneException) return 'gone';
        throw error;
      }
    },
    close: async (connectionId) => {
      try {
        await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!(error instanceof GoneException)) throw error;
      }
    },
  };
}
