import { handle } from 'hono/aws-lambda';
import { createMemberMoneyApi } from '#app/member-groups.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Member money route group (app/route-groups.ts): transfer reports, passes, no-show standing, level, history export; sends no e-mail. */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(withTrustedOrigin(handle(createMemberMoneyApi(deps))));
