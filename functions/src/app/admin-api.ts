import { adminRoutes } from '@shuttle/shared';
import { Hono } from 'hono';
import { accountRoutes } from '#admin-accounts/admin-routes.ts';
import { checkInRoutes } from '#bookings/admin-routes.ts';
import { type ApiEnv, installErrorHandling, limitBody, MAX_BODY_BYTES } from '#platform/http.ts';
import { openApiDocument } from '#platform/openapi.ts';
import { reportRoutes } from '#reports/admin-routes.ts';
import { sessionAdminRoutes } from '#sessions/admin-routes.ts';
import { teamSettingRoutes } from '#teams/admin-routes.ts';
import { memberAdminRoutes } from '#teams/member-admin-routes.ts';
import { type AdminApiOptions, adminServices } from './admin-services.ts';
import type { AppDeps } from './services.ts';

export const ADMIN_API_BASE = '/api/admin';

/** The admin API (every call of `adminRoutes` in shared) as one Hono app, served by Lambda and locally alike. */
export function createAdminApi(deps: AppDeps, options: AdminApiOptions = {}): Hono<ApiEnv> {
  const s = adminServices(deps, options);
  const app = new Hono<ApiEnv>().basePath(ADMIN_API_BASE);
  installErrorHandling(app);
  app.use('*', limitBody(MAX_BODY_BYTES));
  const openapi = openApiDocument(
    'Shuttle admin API',
    ADMIN_API_BASE,
    adminRoutes,
    'Admin token from login, signup or becomeLeader (kept under admin-token)',
  );
  app.get('/openapi.json', (c) => c.json(openapi));
  app.route('/', accountRoutes(s));
  app.route('/', teamSettingRoutes(s));
  app.route('/', sessionAdminRoutes(s));
  app.route('/', memberAdminRoutes(s));
  app.route('/', checkInRoutes(s));
  app.route('/', reportRoutes(s));
  return app;
}
