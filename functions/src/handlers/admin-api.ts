import { handle } from 'hono/aws-lambda';
import { createAdminApi } from '#app/admin-api.ts';
import { lambdaAppDeps, withTrustedOrigin } from './deps.ts';

const deps = await lambdaAppDeps();

export const handler = withTrustedOrigin(handle(createAdminApi(deps, { appBaseUrl: deps.appBaseUrl })));
