import { handle } from 'hono/aws-lambda';
import { createAdminRotationApi } from '#app/admin-groups.ts';
import { lambdaAdminDeps, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Admin rotation route group (app/route-groups.ts): the board's calls, results and ratings; sends no e-mail. */
const deps = await lambdaAdminDeps(process.env);
export const handler = observed(withTrustedOrigin(handle(createAdminRotationApi(deps))));
