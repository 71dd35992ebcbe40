import { handle } from 'hono/aws-lambda';
import { createAdminCourtApi } from '#app/admin-groups.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/**
 * The admin API's catch-all route group (app/route-groups.ts): sessions, check-in, members,
 * rotation, every call no other group claims, and `/openapi.json`; sends no e-mail.
 */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(withTrustedOrigin(handle(createAdminCourtApi(deps))));
