import { adminRoutes } from '@shuttle/shared';
import type { Hono } from 'hono';
import { accountRoutes } from '#admin-accounts/admin-routes.ts';
import { checkInRoutes } from '#bookings/admin-routes.ts';
import { paymentAdminRoutes } from '#payments/admin-routes.ts';
import type { ApiEnv } from '#platform/http.ts';
import { reportRoutes } from '#reports/admin-routes.ts';
import { exportRoutes } from '#reports/export-routes.ts';
import { sessionAdminRoutes } from '#sessions/admin-routes.ts';
import { teamSettingRoutes } from '#teams/admin-routes.ts';
import { memberAdminRoutes } from '#teams/member-admin-routes.ts';
import { type AdminApiOptions, adminServices } from './admin-services.ts';
import { contractApi } from './contract-api.ts';
import type { AppDeps } from './services.ts';

export const ADMIN_API_BASE = '/api/admin';

/** The admin API (every call of `adminRoutes` in shared) as one Hono app, served by Lambda and locally alike. */
export function createAdminApi(deps: AppDeps, options: AdminApiOptions = {}): Hono<ApiEnv> {
  const s = adminServices(deps, options);
  return contractApi({
    base: ADMIN_API_BASE,
    title: 'Shuttle admin API',
    routes: adminRoutes,
    authDescription: 'Admin token from login, signup or becomeLeader (kept under admin-token)',
    mounts: [
      accountRoutes(s),
      teamSettingRoutes(s),
      sessionAdminRoutes(s),
      memberAdminRoutes(s),
      checkInRoutes(s),
      reportRoutes(s),
      paymentAdminRoutes(s),
      exportRoutes(s),
    ],
  });
}
