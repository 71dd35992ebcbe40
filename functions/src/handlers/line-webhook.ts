import { handle } from 'hono/aws-lambda';
import { createLineWebhook } from '#line/webhook.ts';
import { lambdaWebhookDeps } from './deps.ts';

export const handler = handle(createLineWebhook(await lambdaWebhookDeps()));
