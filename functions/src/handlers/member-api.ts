import { handle } from 'hono/aws-lambda';
import { lambdaAppDeps } from '#src/lambda-deps.ts';
import { createMemberApi } from '#src/member-api.ts';

export const handler = handle(createMemberApi(await lambdaAppDeps()));
