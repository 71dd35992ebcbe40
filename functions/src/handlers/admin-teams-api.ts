import { handle } from 'hono/aws-lambda';
import { createAdminTeamsApi } from '#app/admin-groups.ts';
import { lambdaDepsWithoutIdTokens, sesMailer, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Admin teams route group (app/route-groups.ts): team settings, and co-admin invitations e-mailed through SES. */
const deps = await lambdaDepsWithoutIdTokens(process.env, sesMailer);
export const handler = observed(withTrustedOrigin(handle(createAdminTeamsApi(deps, { appBaseUrl: deps.appBaseUrl }))));
