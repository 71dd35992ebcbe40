import { handle } from 'hono/aws-lambda';
import { createAdminApi } from '#app/admin-api.ts';
import { lambdaAdminDeps, withTrustedOrigin } from './deps.ts';

const deps = await lambdaAdminDeps();

export const handler = withTrustedOrigin(handle(createAdminApi(deps, { appBaseUrl: deps.appBaseUrl })));
