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
  const app = apiBase(api.base);
  const openapi = openApiDocument(api.title, api.base, api.routes, api.authDescription);
  app.get('/openapi.json', (c) => c.json(openapi));
  for (const mount of api.mounts) app.route('/', mount);
  return app;
}

/**
 * Part of an API under `base`, as one route group's Lambda serves it (route-groups.ts): the same
 * compression, error envelope and body limit, without `/openapi.json` (served by the API's
 * catch-all group), so the other groups' bundles carry no JSON Schema generator.
 */
export function contractGroupApi(base: string, mounts: Hono<ApiEnv>[]): Hono<ApiEnv> {
  const app = apiBase(base);
  for (const mount of mounts) app.route('/', mount);
  return app;
}

function apiBase(base: string): Hono<ApiEnv> {
  const app = newApiApp().basePath(base);
  app.use('*', compress({ encoding: 'gzip' }));
  installErrorHandling(app);
  app.use('*', limitBody(MAX_BODY_BYTES));
  return app;
}
