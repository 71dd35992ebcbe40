import { memberRoutes } from '@shuttle/shared';
import { Hono } from 'hono';
import { leaderRoutes } from '#admin-accounts/member-routes.ts';
import { authRoutes } from '#auth/member-routes.ts';
import { bookingRoutes } from '#bookings/member-routes.ts';
import { type ApiEnv, installErrorHandling, limitBody, MAX_BODY_BYTES } from '#platform/http.ts';
import { openApiDocument } from '#platform/openapi.ts';
import { memberSettingRoutes } from '#players/member-routes.ts';
import { sessionRoutes } from '#sessions/member-routes.ts';
import { teamRoutes } from '#teams/member-routes.ts';
import { type AppDeps, services } from './services.ts';

export const MEMBER_API_BASE = '/api';

/** The member API (every call of `memberRoutes` in shared) as one Hono app, served by Lambda and locally alike. */
export function createMemberApi(deps: AppDeps): Hono<ApiEnv> {
  const s = services(deps);
  const app = new Hono<ApiEnv>().basePath(MEMBER_API_BASE);
  installErrorHandling(app);
  app.use('*', limitBody(MAX_BODY_BYTES));
  const openapi = openApiDocument(
    'Shuttle member API',
    MEMBER_API_BASE,
    memberRoutes,
    'Member token from loginLine/loginGoogle',
  );
  app.get('/openapi.json', (c) => c.json(openapi));
  app.route('/', authRoutes(s));
  app.route('/', sessionRoutes(s));
  app.route('/', bookingRoutes(s));
  app.route('/', teamRoutes(s));
  app.route('/', memberSettingRoutes(s));
  app.route('/', leaderRoutes(s));
  return app;
}
