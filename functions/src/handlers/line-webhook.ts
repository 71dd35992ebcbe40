import type { LambdaContext, LambdaEvent } from 'hono/aws-lambda';
import { handle } from 'hono/aws-lambda';
import { createLineWebhook, type LineWebhookDeps } from '#line/webhook.ts';
import { observed } from './observability.ts';
import { lambdaWebhookDeps } from './webhook-deps.ts';

const depsNow = lambdaWebhookDeps();
const apps = new WeakMap<LineWebhookDeps, ReturnType<typeof handle>>();

/** Rebuilt when the LINE channel changes (the secret is re-read every few minutes). */
export const handler = observed(async (event: LambdaEvent, context: LambdaContext) => {
  const deps = await depsNow();
  let app = apps.get(deps);
  if (!app) {
    app = handle(createLineWebhook(deps));
    apps.set(deps, app);
  }
  return app(event, context);
});
