import type { RouteContract } from '@shuttle/shared';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { type ApiEnv, installErrorHandling, limitBody, MAX_BODY_BYTES, newApiApp } from '#platform/http.ts';
import { openApiDocument } from '#platform/openapi.ts';

/**
 * One API as a Hono app under `base`: answers gzip-compressed for clients that accept it (a
 * page of 20 sessions is 12 KB of JSON, under 3 KB compressed; CloudFront passes the API's
 * answers through as they come), the error envelope, the body limit before any route reads, `/openapi.json` generated from its route table, and the route files of api/member or api/admin mounted.
 */
export function contractApi(api: {
  base: string;
  title: string;
  routes: Record<string, RouteContract>;
  authDescription: string;
  mounts: Hono<ApiEnv>[];
}): Hono<ApiEnv> {
  const app = newApiApp().basePath(api.base);
  app.use('*', compress({ encoding: 'gzip' }));
  installErrorHandling(app);
  app.use('*', limitBody(MAX_BODY_BYTES));
  const openapi = openApiDocument(api.title, api.base, api.routes, api.authDescription);
  app.get('/openapi.json', (c) => c.json(openapi));
  for (const mount of api.mounts) app.route('/', mount);
  return app;
}
