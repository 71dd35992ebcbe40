import { handle } from 'hono/aws-lambda';
import { createMemberAuthApi } from '#app/member-groups.ts';
import { lambdaAppDeps, sesMailer, withTrustedOrigin } from './deps.ts';
import { observed } from './observability.ts';

/** Member accounts route group (app/route-groups.ts): sign-in, e-mail codes through SES, profile, export, deletion. */
const deps = await lambdaAppDeps(process.env, sesMailer);
export const handler = observed(withTrustedOrigin(handle(createMemberAuthApi(deps))));
