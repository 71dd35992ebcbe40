import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { createAdminApi } from '#app/admin-api.ts';
import { adminServices } from '#app/admin-services.ts';
import { rateLimitsOf } from '#app/deps.ts';
import { notifierRepositories, reminderJobDeps, signupJobDeps } from '#app/jobs.ts';
import type { RateLimitSettings } from '#app/limits.ts';
import { lineServices } from '#app/line-services.ts';
import { createMemberApi } from '#app/member-api.ts';
import { serviceMessagingOf } from '#app/service-messaging.ts';
import type { AppDeps } from '#app/services.ts';
import { idTokenVerifier } from '#auth/id-token.ts';
import { TokenService } from '#auth/tokens.ts';
import { startSignupJobTimer } from '#bookings/sign-up-jobs.ts';
import { ensureTable } from '#db/bootstrap.ts';
import { createDocumentClient, type Store } from '#db/client.ts';
import { normaliseInstants } from '#db/migrations/normalise-instants.ts';
import { recordTeamPlayers } from '#db/migrations/record-team-players.ts';
import { createLineMessaging } from '#line/client.ts';
import { lineAppUrl } from '#line/mini-app.ts';
import { LineNotifier } from '#line/notifier.ts';
import { createLineWebhook } from '#line/webhook.ts';
import { OutboxDispatcher } from '#notifications/dispatcher.ts';
import type { MiniAppSetup } from '#notifications/mini-app.ts';
import { drainPendingOutbox, startOutboxPoller } from '#notifications/poller.ts';
import { startReminderTimer } from '#notifications/reminders.ts';
import { type Clock, clockFromEnv, randomId } from '#platform/clock.ts';
import { CaptureEmailSender } from '#platform/email.ts';
import { derivedSealingKey, Sealer } from '#platform/sealed.ts';
import { createDevPage, createLineCapture, LOCAL_MINI_APP_CHANNEL } from './captures.ts';
import { createDevIdentityProvider, devIdpIssuers, devIdpJwks } from './dev-idp.ts';
import { startDynamoLocal } from './dynamo-local.ts';
import { listenFirst } from './listen.ts';
import { RotationHub, rotationViewer } from './rotation-live.ts';
import { seedDemoData } from './seed.ts';
import { mountWeb } from './static.ts';

export const LOCAL_LINE_CHANNEL_ID = '1650000000';
export const LOCAL_LIFF_ID = 'local-liff-id';
/** The LINE official account the local admin LINE page names (a demo id: docs/LINE.md). */
export const LOCAL_LINE_OFFICIAL_ACCOUNT_ID = '@123abcde';
export const LOCAL_GOOGLE_CLIENT_ID = 'local-google-client.apps.googleusercontent.com';
/** Signs the local LINE webhook's requests (`x-line-signature`). */
export const LOCAL_LINE_CHANNEL_SECRET = 'local-line-channel-secret';

const repoRoot = resolve(import.meta.dirname, '../../..');

export interface LocalStackOptions {
  port?: number;
  /** Persist DynamoDB Local here; in memory when absent. */
  dataDir?: string;
  /** Use an already running DynamoDB Local instead of starting one. */
  dynamoEndpoint?: string;
  tableName?: string;
  seed?: boolean;
  clock?: Clock;
  /** Serve the built apps from liff-app/dist and admin-app/dist. */
  serveApps?: boolean;
  quiet?: boolean;
  /** Off unless given: `npm start` passes the production defaults (functions/src/app/LIMITS.md). */
  rateLimits?: RateLimitSettings;
  /**
   * LINE MINI App mode (`SHUTTLE_MINI_APP=on npm start`, docs/LINE.md): links open
   * `https://miniapp.line.me/<liffId>/…`, and booking notices go as service messages to the local
   * capture while a booking's token lasts. Off: every LINE request is as without it.
   */
  miniApp?: boolean;
  /**
   * Off: no poller or job timers; the caller moves the clock and calls `drain` (the month's
   * bill, tests/bench/line-month.bench.ts). On unless given.
   */
  timers?: boolean;
}

export interface LocalStack {
  origin: string;
  clock: Clock;
  store: Store;
  deps: AppDeps;
  emails: CaptureEmailSender;
  line: ReturnType<typeof createLineCapture>;
  issueIdToken: (request: { sub: string; name: string; provider: 'line' | 'google' }) => Promise<string>;
  /** Delivers every outbox record due now through the stack's dispatcher; the number handled. */
  drain(): Promise<number>;
  close(): Promise<void>;
}

/** Secret for member and admin tokens, kept beside the local data so logins survive restarts. */
function localSecret(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'local-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The whole product on one origin: APIs under /api, apps at / and /admin/, dev tools under /dev. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  // Bound before anything needs the origin: the port is ours from here on (listen.ts).
  const listening = await listenFirst('0.0.0.0', { port: options.port });
  const { server, port } = listening;
  const origin = `http://localhost:${port}`;
  const dynamo = options.dynamoEndpoint
    ? null
    : await startDynamoLocal({ path: options.dataDir ? join(options.dataDir, 'dynamodb') : undefined });
  const endpoint = options.dynamoEndpoint ?? dynamo!.endpoint;
  const tableName = options.tableName ?? 'shuttle';
  const doc = createDocumentClient({ region: 'local', endpoint });
  await ensureTable(doc, tableName);
  const store: Store = { doc, tableName };
  // Data of an older version (.data/) gets the UTC instant form before anything reads it (TABLE.md, "Instants").
  const migrated = await normaliseInstants(store);
  if (migrated.changed + migrated.rekeyed > 0) {
    console.log(`Normalised the instants of ${migrated.changed + migrated.rekeyed} stored items to UTC`);
  }
  // Booking rows of an older version record that their player booked with the team (TABLE.md, "References").
  await recordTeamPlayers(store);
  // SHUTTLE_NOW moves the whole local product (APIs, jobs, seed, dev logins) to another day.
  const clock = options.clock ?? clockFromEnv();
  const secret = localSecret(options.dataDir);

  const idp = await createDevIdentityProvider({
    origin,
    lineChannelId: LOCAL_LINE_CHANNEL_ID,
    googleClientId: LOCAL_GOOGLE_CLIENT_ID,
    now: () => clock.now(),
  });
  const issuers = devIdpIssuers(origin);
  const jwks = devIdpJwks(origin);
  const emails = new CaptureEmailSender();
  const line = createLineCapture({ now: () => clock.now() });
  // The MINI App channel's notifier is the local capture; its tokens are sealed with a key derived from the local secret.
  const miniApp: MiniAppSetup | null = options.miniApp
    ? {
        notifier: new LineNotifier(LOCAL_MINI_APP_CHANNEL, { baseURL: origin, now: () => clock.now().getTime() }),
        sealer: new Sealer(derivedSealingKey(secret, 'service-token-key')),
      }
    : null;

  // The rotation board's live sockets (docs/ON-COURT.md, "Live"): every board written is sent to its viewers.
  const rotationHub = new RotationHub();
  const deps: AppDeps = {
    rotationPublisher: rotationHub.publish,
    store,
    clock,
    ids: randomId,
    tokens: new TokenService({
      secret,
      memberTtlSeconds: 7 * 24 * 3600,
      adminTtlSeconds: 12 * 3600,
      now: () => clock.now(),
    }),
    verifyLineIdToken: idTokenVerifier({
      jwksUrl: jwks.line,
      issuers: [issuers.line],
      audience: LOCAL_LINE_CHANNEL_ID,
      algorithms: ['ES256'],
      now: () => clock.now(),
    }),
    verifyGoogleIdToken: idTokenVerifier({
      jwksUrl: jwks.google,
      issuers: [issuers.google],
      audience: LOCAL_GOOGLE_CLIENT_ID,
      algorithms: ['RS256'],
      now: () => clock.now(),
    }),
    mailer: emails,
    pepper: secret,
    validateResponses: true,
    rateLimits: rateLimitsOf(options),
    // No proxy in front locally: the socket's peer is the client.
    clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown',
    ...(miniApp ? { miniApp: async () => miniApp } : {}),
  };

  if (options.seed) await seedDemoData(store, clock.now());

  const app = new Hono();
  app.route('/', createMemberApi(deps, { appBaseUrl: origin }));
  app.route('/', createAdminApi(deps, { appBaseUrl: origin }));
  app.route('/', idp.app);
  // bot-sdk drops the path of its baseURL, so Messaging API calls (api.line.me and
  // api-data.line.me alike) arrive at /v2/bot/*, which the capture answers.
  app.route('/', line.app);
  app.route('/', createDevPage(emails, line, LOCAL_LIFF_ID, options.miniApp));
  const lineMessaging = createLineMessaging({ channelAccessToken: 'local-channel-access-token', baseURL: origin });
  app.route(
    '/',
    createLineWebhook({
      channelSecret: LOCAL_LINE_CHANNEL_SECRET,
      line: lineMessaging,
      ...lineServices({ store, clock }),
      appUrl: lineAppUrl(LOCAL_LIFF_ID, options.miniApp),
    }),
  );
  mountWeb(
    app,
    {
      apiBase: '/api',
      liffId: LOCAL_LIFF_ID,
      liffMock: true,
      googleClientId: LOCAL_GOOGLE_CLIENT_ID,
      devLogin: true,
      lineOfficialAccountId: LOCAL_LINE_OFFICIAL_ACCOUNT_ID,
      ...(options.miniApp ? { miniApp: true } : {}),
    },
    options.serveApps
      ? { member: join(repoRoot, 'liff-app/dist'), admin: join(repoRoot, 'admin-app/dist') }
      : undefined,
  );

  listening.handle(app.fetch);
  rotationHub.attach(server, rotationViewer(adminServices(deps, { appBaseUrl: origin })));
  // No DynamoDB stream or EventBridge locally: the notifier polls and reminders run on a timer.
  // Pushes and replies carry the production link form (`liff.line.me/<liffId>/…`); the /dev
  // page opens such links on this origin, where the LIFF mock serves the app.
  const dispatch = {
    store,
    clock,
    repositories: notifierRepositories(store),
    line: lineMessaging,
    mailer: emails,
    appBaseUrl: origin,
    liffId: LOCAL_LIFF_ID,
    miniApp: options.miniApp,
    service: miniApp ? serviceMessagingOf(store, miniApp) : null,
  };
  const timers = options.timers !== false;
  const outboxPoller = timers ? startOutboxPoller(dispatch) : null;
  const reminderTimer = timers ? startReminderTimer(reminderJobDeps({ store, clock })) : null;
  // Lottery draws and offer expiries every 3 s (a 1-minute schedule on AWS), docs/FAIR-SIGNUP.md.
  const signupJobTimer = timers ? startSignupJobTimer(signupJobDeps({ store, clock, ids: randomId })) : null;
  const dispatcher = new OutboxDispatcher(dispatch);
  const drain = async () => {
    let handled = 0;
    // Bounded: a record put off (retry later) is not due again at the same instant.
    for (let round = 0; round < 1_000; round++) {
      const outcomes = await drainPendingOutbox({ clock, dispatcher });
      handled += outcomes.length;
      if (outcomes.length === 0) break;
    }
    return handled;
  };

  return {
    origin,
    clock,
    store,
    deps,
    emails,
    line,
    issueIdToken: (request) => idp.issue(request),
    drain,
    close: async () => {
      await Promise.all([outboxPoller?.stop(), reminderTimer?.stop(), signupJobTimer?.stop()]);
      rotationHub.close();
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections?.();
      doc.destroy();
      await dynamo?.stop();
    },
  };
}
