import { handle } from 'hono/aws-lambda';
import { createAdminAccountsApi } from '#app/admin-groups.ts';
import { lambdaDepsWithoutIdTokens, sesMailer, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Admin accounts route group (app/route-groups.ts): sign-up, sign-in, resets and verification e-mail through SES. */
const deps = await lambdaDepsWithoutIdTokens(process.env, sesMailer);
export const handler = observed(
  withTrustedOrigin(handle(createAdminAccountsApi(deps, { appBaseUrl: deps.appBaseUrl }))),
);
