import { handle } from 'hono/aws-lambda';
import { createMemberCoreApi } from '#app/member-groups.ts';
import { lambdaDepsWithoutIdTokens, noMailer, withTrustedOrigin } from './deps.ts';
import { lambdaMiniApp } from './mini-app-deps.ts';
import { observed } from './observability.ts';

/**
 * The member API's catch-all route group (app/route-groups.ts): sessions, bookings, teams,
 * payments, rotation, calendars, every call no other group claims, and `/openapi.json`; sends no e-mail. Its bookings issue LINE
 * MINI App notification tokens, so only this group carries the notifier (docs/LINE.md, "Service messages").
 */
const deps = await lambdaDepsWithoutIdTokens(process.env, noMailer, lambdaMiniApp);
export const handler = observed(withTrustedOrigin(handle(createMemberCoreApi(deps, { appBaseUrl: deps.appBaseUrl }))));
