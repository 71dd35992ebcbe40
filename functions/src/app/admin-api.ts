import { adminRoutes } from '@shuttle/shared';
import type { Hono } from 'hono';
import { accountRoutes } from '#api/admin/admin-accounts.ts';
import { checkInRoutes } from '#api/admin/bookings.ts';
import { exportRoutes } from '#api/admin/exports.ts';
import { paymentAdminRoutes } from '#api/admin/payments.ts';
import { reportRoutes } from '#api/admin/reports.ts';
import { rotationAdminRoutes } from '#api/admin/rotation.ts';
import { sessionAdminRoutes } from '#api/admin/sessions.ts';
import { settlementRoutes } from '#api/admin/settlement.ts';
import { memberAdminRoutes } from '#api/admin/team-members.ts';
import { teamSettingRoutes } from '#api/admin/teams.ts';
import type { ApiEnv } from '#platform/http.ts';
import { type AdminApiOptions, adminServices } from './admin-services.ts';
import { contractApi } from './contract-api.ts';
import { API_DOCUMENTS } from './route-groups.ts';
import type { AppDeps } from './services.ts';

export const ADMIN_API_BASE = '/api/admin';

/** The admin API (every call of `adminRoutes` in shared) as one Hono app, served by Lambda and locally alike. */
export function createAdminApi(deps: AppDeps, options: AdminApiOptions = {}): Hono<ApiEnv> {
  const s = adminServices(deps, options);
  return contractApi({
    base: ADMIN_API_BASE,
    routes: adminRoutes,
    ...API_DOCUMENTS.admin,
    mounts: [
      accountRoutes(s),
      teamSettingRoutes(s),
      sessionAdminRoutes(s),
      memberAdminRoutes(s),
      checkInRoutes(s),
      reportRoutes(s),
      paymentAdminRoutes(s),
      exportRoutes(s),
      rotationAdminRoutes(s),
      settlementRoutes(s),
    ],
  });
}
