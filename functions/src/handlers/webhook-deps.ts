import { lineServices } from '#app/line-services.ts';
import { createLineMessaging } from '#line/client.ts';
import { lineAppUrl } from '#line/mini-app.ts';
import type { LineWebhookDeps } from '#line/webhook.ts';
import { systemClock } from '#platform/clock.ts';
import { notifierSettings, perChannel, storeOf } from './notifier-deps.ts';
import { lineChannel } from './secrets.ts';

/**
 * The LINE webhook's dependencies, apart from the notifier's (notifier-deps.ts): the bot acts
 * through the booking engine and repositories of the composition root (app/line-services.ts),
 * which the outbox and reminder bundles must not carry (infra/test/bundles.test.ts).
 */
/** The LINE webhook: rebuilt when the channel secret changes, so a secret filled in later is checked. */
export function lambdaWebhookDeps(env: NodeJS.ProcessEnv = process.env) {
  const settings = notifierSettings(env);
  const store = storeOf(settings);
  const depsFor = perChannel(
    (channel): LineWebhookDeps => ({
      channelSecret: channel.channelSecret,
      line: channel.channelAccessToken
        ? createLineMessaging({ channelAccessToken: channel.channelAccessToken, baseURL: settings.lineApiBaseUrl })
        : null,
      ...lineServices({ store, clock: systemClock }),
      appUrl: settings.liffId ? lineAppUrl(settings.liffId, settings.miniApp) : settings.appBaseUrl,
    }),
  );
  return async () => depsFor(await lineChannel(env));
}
