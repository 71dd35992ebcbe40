import { handle } from 'hono/aws-lambda';
import { createMemberCoreApi } from '#app/member-groups.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/**
 * The member API's catch-all route group (app/route-groups.ts): sessions, bookings, teams,
 * payments, rotation, calendars, every call no other group claims, and `/openapi.json`; sends no e-mail.
 */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(withTrustedOrigin(handle(createMemberCoreApi(deps, { appBaseUrl: deps.appBaseUrl }))));
