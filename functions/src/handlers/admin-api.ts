import { handle } from 'hono/aws-lambda';
import { createAdminApi } from '#app/admin-api.ts';
import { lambdaAppDeps } from './deps.ts';

const deps = await lambdaAppDeps();

export const handler = handle(createAdminApi(deps, { appBaseUrl: deps.appBaseUrl }));
