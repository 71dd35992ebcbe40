import { handle } from 'hono/aws-lambda';
import { createAdminRotationApi } from '#app/admin-groups.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Admin rotation route group (app/route-groups.ts): the board's calls, results and ratings; sends no e-mail. */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(withTrustedOrigin(handle(createAdminRotationApi(deps))));
