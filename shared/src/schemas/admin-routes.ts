import { adminAccountRoutes } from './admin-account-routes.ts';
import * as a from './admin-api.ts';
import { adminCourtRoutes } from './admin-court-routes.ts';
import { adminTeamRoutes } from './admin-team-routes.ts';
import { paymentAdminRoutes } from './payment-routes.ts';
import { rotationAdminRoutes } from './rotation.ts';
import { route } from './routes.ts';
import { settlementAdminRoutes } from './settlement.ts';

/**
 * Every admin call, keyed by its path under `/api/admin/`. Team calls take an
 * optional `teamId` (default: the admin's current team); session calls act on the session's
 * team. Either way the caller must be an admin of that team.
 */
export const adminRoutes = {
  ...adminAccountRoutes,
  ...adminTeamRoutes,
  ...adminCourtRoutes,
  'board/getBoard': route({
    method: 'POST',
    auth: 'admin',
    summary: "Today's and upcoming sessions, recent bookings and cancellations, this month's figures",
    request: a.teamScope,
    refs: { teamId: 'team' },
    response: a.board,
  }),
  'reports/revenueByMonth': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Revenue (attended players x price) and attendance per Taipei month, at most 12 months',
    request: a.revenueByMonthRequest,
    refs: { teamId: 'team' },
    response: a.revenueByMonth,
  }),
  'reports/revenueBySession': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Revenue and attendance per session of a Taipei month',
    request: a.revenueBySessionRequest,
    refs: { teamId: 'team' },
    response: a.revenueBySession,
  }),
  ...paymentAdminRoutes,
  ...rotationAdminRoutes,
  ...settlementAdminRoutes,
} as const;

export type AdminRoutes = typeof adminRoutes;
export type AdminRoutePath = keyof AdminRoutes;
