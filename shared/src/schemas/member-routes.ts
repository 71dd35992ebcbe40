import { calendarMemberRoutes } from './calendar.ts';
import { memberAuthRoutes } from './member-auth-routes.ts';
import { memberCoreRoutes } from './member-core-routes.ts';
import { paymentMemberRoutes } from './payment-routes.ts';
import { rotationMemberRoutes } from './rotation.ts';
import { statsMemberRoutes } from './stats.ts';

/** Every member call, keyed by its path under `/api/` (docs/ARCHITECTURE.md, "Overview": Contracts). */
export const memberRoutes = {
  ...memberCoreRoutes,
  ...memberAuthRoutes,
  ...paymentMemberRoutes,
  ...calendarMemberRoutes,
  ...rotationMemberRoutes,
  ...statsMemberRoutes,
} as const;

export type MemberRoutes = typeof memberRoutes;
export type MemberRoutePath = keyof MemberRoutes;
