import { handle } from 'hono/aws-lambda';
import { createMemberApi } from '#app/member-api.ts';
import { lambdaAppDeps } from './deps.ts';

export const handler = handle(createMemberApi(await lambdaAppDeps()));
