import { handle } from 'hono/aws-lambda';
import { createAdminMoneyApi } from '#app/admin-groups.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Admin money route group (app/route-groups.ts): reports, payments, passes, exports, settlement; sends no e-mail. */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(withTrustedOrigin(handle(createAdminMoneyApi(deps))));
