import { handle } from 'hono/aws-lambda';
import { createMemberRotationApi } from '#app/member-groups.ts';
import { lambdaDepsWithoutIdTokens, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Member rotation route group (app/route-groups.ts): the players' board, the helper's calls, the venue screen; sends no e-mail. */
const deps = await lambdaDepsWithoutIdTokens(process.env);
export const handler = observed(withTrustedOrigin(handle(createMemberRotationApi(deps))));
