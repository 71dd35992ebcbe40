import { handle } from 'hono/aws-lambda';
import { lambdaAppDeps } from './deps.ts';
import { createMemberApi } from '#app/member-api.ts';

export const handler = handle(createMemberApi(await lambdaAppDeps()));
