import { handle } from 'hono/aws-lambda';
import { createMemberApi } from '#app/member-api.ts';
import { lambdaAppDeps, withTrustedOrigin } from './deps.ts';

const deps = await lambdaAppDeps();
export const handler = withTrustedOrigin(handle(createMemberApi(deps, { appBaseUrl: deps.appBaseUrl })));
