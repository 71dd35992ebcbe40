import { SESv2Client } from '@aws-sdk/client-sesv2';
import { appBaseUrlOf } from '#app/deps.ts';
import { notifierRepositories } from '#app/jobs.ts';
import { serviceMessagingOf } from '#app/service-messaging.ts';
import { createDocumentClient, type Store } from '#db/client.ts';
import { createLineMessaging, LINE_API_BASE_URL } from '#line/client.ts';
import { miniAppSetting } from '#line/mini-app.ts';
import { OutboxDispatcher } from '#notifications/dispatcher.ts';
import { LINE_CATALOG_ENTRY } from '#notifications/service-catalog.ts';
import { systemClock } from '#platform/clock.ts';
import { SesEmailSender } from '#platform/email.ts';
import { lambdaMiniApp } from './mini-app-deps.ts';
import { logger, traced } from './observability.ts';
import { type LineChannel, lineChannel } from './secrets.ts';

/**
 * Dependencies of the notifier and the reminder job (the LINE webhook's: webhook-deps.ts). Unlike the APIs they
 * re-read the LINE channel on every invocation (through the secret cache), so a token filled in
 * after the deploy is used within minutes; until then, with `LINE_REQUIRED`, LINE deliveries are
 * retried instead of skipped (docs/DEPLOY.md, "Secrets"). Plain environment reads, no schema
 * library: these bundles stay small (docs/DEPLOY.md, "Bundles").
 */
export interface NotifierSettings {
  tableName: string;
  region: string;
  dynamoEndpoint?: string;
  emailFrom: string;
  configurationSet?: string;
  appBaseUrl: string;
  liffId?: string;
  lineApiBaseUrl: string;
  lineRequired: boolean;
  /** `SHUTTLE_MINI_APP=on` (the stage's `miniApp`): MINI App links and service messages (docs/LINE.md). */
  miniApp: boolean;
}

export function notifierSettings(env: NodeJS.ProcessEnv): NotifierSettings {
  const appBaseUrl = appBaseUrlOf({ appBaseUrl: env.APP_BASE_URL || undefined });
  if (!/^https?:\/\/[^/]+/.test(appBaseUrl)) throw new Error('Invalid environment: APP_BASE_URL');
  return {
    tableName: env.TABLE_NAME || 'shuttle',
    region: env.AWS_REGION || 'ap-northeast-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    emailFrom: env.EMAIL_FROM || 'no-reply@shuttle.tw',
    configurationSet: env.SES_CONFIGURATION_SET || undefined,
    appBaseUrl,
    liffId: env.LIFF_ID || undefined,
    lineApiBaseUrl: env.LINE_API_BASE_URL || LINE_API_BASE_URL,
    lineRequired: env.LINE_REQUIRED === 'true',
    miniApp: miniAppSetting(env.SHUTTLE_MINI_APP),
  };
}

export const storeOf = (settings: NotifierSettings): Store => ({
  doc: traced(createDocumentClient({ region: settings.region, endpoint: settings.dynamoEndpoint })),
  tableName: settings.tableName,
});

/** Keeps one built value per LINE channel: rebuilt only when the channel's token or secret changes. */
export function perChannel<T>(build: (channel: LineChannel) => T) {
  let last: { key: string; value: T } | undefined;
  return (channel: LineChannel): T => {
    const key = `${channel.channelAccessToken}\n${channel.channelSecret}`;
    if (last?.key !== key) last = { key, value: build(channel) };
    return last.value;
  };
}

/** The outbox stream consumer and the sweep: call per invocation, the dispatcher is reused while the channel is unchanged. */
export function lambdaNotifier(env: NodeJS.ProcessEnv = process.env) {
  const settings = notifierSettings(env);
  const store = storeOf(settings);
  const repositories = notifierRepositories(store);
  const mailer = new SesEmailSender(
    traced(new SESv2Client({ region: settings.region })),
    settings.emailFrom,
    settings.configurationSet,
  );
  const miniApp = settings.miniApp ? lambdaMiniApp(env, env.LINE_API_BASE_URL || undefined) : null;
  const dispatcherFor = perChannel(
    (channel) =>
      new OutboxDispatcher({
        store,
        clock: systemClock,
        repositories,
        line: channel.channelAccessToken
          ? createLineMessaging({ channelAccessToken: channel.channelAccessToken, baseURL: settings.lineApiBaseUrl })
          : null,
        lineRequired: settings.lineRequired,
        mailer,
        log: logger,
        appBaseUrl: settings.appBaseUrl,
        liffId: settings.liffId,
        miniApp: settings.miniApp,
      }),
  );
  return async () => {
    const dispatcher = dispatcherFor(await lineChannel(env));
    // The MINI App channel is read per invocation too (secret cache): a secret filled in later is used within minutes.
    const setup = miniApp ? await miniApp() : null;
    dispatcher.useService(setup ? serviceMessagingOf(store, setup, LINE_CATALOG_ENTRY) : null);
    return { store, clock: systemClock, dispatcher };
  };
}

/** The reminder job needs only the table. */
export function lambdaReminderDeps(env: NodeJS.ProcessEnv = process.env) {
  return { store: storeOf(notifierSettings(env)), clock: systemClock };
}
