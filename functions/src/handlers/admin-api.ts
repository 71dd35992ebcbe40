import { handle } from 'hono/aws-lambda';
import { createAdminApi } from '#src/admin-api.ts';
import { lambdaAppDeps } from '#src/lambda-deps.ts';

const deps = await lambdaAppDeps();

export const handler = handle(createAdminApi(deps, { appBaseUrl: deps.appBaseUrl }));
