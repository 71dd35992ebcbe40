import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { Hono } from 'hono';

export interface ManagementRequest {
  method: string;
  connectionId: string;
  /** The posted message as text (POST), else ''. */
  body: string;
}

/**
 * A stand-in for API Gateway's management API (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`)
 * on a loopback port: the real `ApiGatewayManagementApiClient` is pointed at it, so tests see
 * the exact `POST` and `DELETE /@connections/<id>` requests that leave the process. Connections
 * named `gone` answer 410 (GoneException) as API Gateway does for a closed socket; `broken` ones 500.
 */
export async function startManagementApiStub(stage = 'rotation') {
  const requests: ManagementRequest[] = [];
  const gone = new Set<string>();
  const broken = new Set<string>();
  const app = new Hono();
  app.all(`/${stage}/@connections/:id`, async (c) => {
    const connectionId = decodeURIComponent(c.req.param('id'));
    requests.push({ method: c.req.method, connectionId, body: c.req.method === 'POST' ? await c.req.text() : '' });
    if (broken.has(connectionId)) {
      return c.json({ message: 'Internal' }, 500, { 'x-amzn-errortype': 'InternalServerErrorException' });
    }
    if (gone.has(connectionId)) return c.json({ message: 'Gone' }, 410, { 'x-amzn-errortype': 'GoneException' });
    // A deleted connection is gone afterwards, as on API Gateway.
    if (c.req.method === 'DELETE') gone.add(connectionId);
    return c.body(null, c.req.method === 'DELETE' ? 204 : 200);
  });
  const { server, port } = await listenFirst('127.0.0.1', { fetch: app.fetch });
  const client = new ApiGatewayManagementApiClient({
    region: 'ap-northeast-1',
    endpoint: `http://127.0.0.1:${port}/${stage}`,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  return {
    client,
    requests,
    /** Posts each connection received, parsed. */
    posts: (connectionId: string) =>
      requests.filter((r) => r.method === 'POST' && r.connectionId === connectionId).map((r) => JSON.parse(r.body)),
    deleted: () => requests.filter((r) => r.method === 'DELETE').map((r) => r.connectionId),
    markGone: (connectionId: string) => gone.add(connectionId),
    markBroken: (connectionId: string) => broken.add(connectionId),
    close: async () => {
      client.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

export type ManagementApiStub = Awaited<ReturnType<typeof startManagementApiStub>>;
