import type { RouteContract } from '@shuttle/shared';
import { Hono } from 'hono';
import { type ApiEnv, installErrorHandling, limitBody, MAX_BODY_BYTES } from '#platform/http.ts';
import { openApiDocument } from '#platform/openapi.ts';

/**
 * One API as a Hono app under `base`: the error envelope, the body limit before any route
 * reads, `/openapi.json` generated from its route table, and the feature route files mounted.
 */
export function contractApi(api: {
  base: string;
  title: string;
  routes: Record<string, RouteContract>;
  authDescription: string;
  mounts: Hono<ApiEnv>[];
}): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>().basePath(api.base);
  installErrorHandling(app);
  app.use('*', limitBody(MAX_BODY_BYTES));
  const openapi = openApiDocument(api.title, api.base, api.routes, api.authDescription);
  app.get('/openapi.json', (c) => c.json(openapi));
  for (const mount of api.mounts) app.route('/', mount);
  return app;
}
