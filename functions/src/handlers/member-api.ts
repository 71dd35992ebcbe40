import { handle } from 'hono/aws-lambda';
import { createMemberApi } from '#app/member-api.ts';
import { lambdaAppDeps, withTrustedOrigin } from './deps.ts';

export const handler = withTrustedOrigin(handle(createMemberApi(await lambdaAppDeps())));
