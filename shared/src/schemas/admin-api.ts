/**
 * Request and response bodies of every admin call, by concept (admin-routes.ts pairs them with
 * paths relative to `/api/admin/`).
 */
export { ADMIN_LIMITS } from '../constants.ts';
export * from './admin/accounts.ts';
export { emptyAdminRequest, sessionScope, teamScope } from './admin/common.ts';
export * from './admin/door.ts';
export * from './admin/members.ts';
export * from './admin/reports.ts';
export * from './admin/sessions.ts';
export * from './admin/teams.ts';
