import { handle } from 'hono/aws-lambda';
import { createAdminCourtApi } from '#app/admin-groups.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/**
 * The admin API's catch-all route group (app/route-groups.ts): sessions, check-in, members,
 * every call no other group claims; sends no e-mail. Its `/openapi.json` is the admin-openapi-api group's.
 */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(withTrustedOrigin(handle(createAdminCourtApi(deps))));
