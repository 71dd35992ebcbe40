import { createHmac } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESClient } from '@aws-sdk/client-ses';
import type { Context } from 'hono';
import { getConnInfo } from 'hono/aws-lambda';
import { z } from 'zod';
import { rateLimitSettings } from '#app/limits.ts';
import type { AppDeps } from '#app/services.ts';
import { idTokenVerifier } from '#auth/id-token.ts';
import { TokenService } from '#auth/tokens.ts';
import { createDocumentClient, type Store } from '#db/client.ts';
import { createLineMessaging, LINE_API_BASE_URL, type LineMessaging } from '#line/client.ts';
import type { LineWebhookDeps } from '#line/webhook.ts';
import { OutboxDispatcher } from '#notifications/dispatcher.ts';
import { randomId, systemClock } from '#platform/clock.ts';
import { loadConfig } from '#platform/config.ts';
import { SesEmailSender } from '#platform/email.ts';
import { clientAddress } from '#platform/rate-limit.ts';

/**
 * Dependencies of the Lambda functions, built once per cold start (module scope, so warm
 * invocations reuse the clients). Secrets come from Secrets Manager: the stack passes their
 * ARNs, never their values, so they appear neither in the template nor in the console.
 */

const secretRefs = z.object({
  JWT_SECRET_ARN: z.string().min(1).optional(),
  /** JSON `{ "channelAccessToken": "…", "channelSecret": "…" }` of the Messaging API channel. */
  LINE_SECRET_ARN: z.string().min(1).optional(),
});

/** Settings of the functions that never sign tokens (notifier, reminders, webhook). */
const notifierEnv = z.object({
  TABLE_NAME: z.string().min(1).default('shuttle'),
  AWS_REGION: z.string().default('ap-northeast-1'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  LINE_CHANNEL_ACCESS_TOKEN: z.string().default(''),
  LINE_CHANNEL_SECRET: z.string().default(''),
  LINE_API_BASE_URL: z.url().default(LINE_API_BASE_URL),
  EMAIL_FROM: z.string().default('no-reply@shuttle.tw'),
  APP_BASE_URL: z.url().default('http://localhost:3000'),
  /** The member app's LIFF id; webhook replies and notices link to `https://liff.line.me/<id>` when set. */
  LIFF_ID: z.string().default(''),
});

const lineSecret = z.object({ channelAccessToken: z.string().default(''), channelSecret: z.string().default('') });

function parse<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  return parsed.data;
}

let secretsClient: SecretsManagerClient | undefined;
async function readSecret(arn: string): Promise<string> {
  secretsClient ??= new SecretsManagerClient({});
  const { SecretString } = await secretsClient.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
  return SecretString;
}

/** The environment with the referenced secrets filled in. */
async function environment(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const refs = parse(secretRefs, env);
  const filled: NodeJS.ProcessEnv = { ...env };
  if (refs.JWT_SECRET_ARN && !env.JWT_SECRET) filled.JWT_SECRET = await readSecret(refs.JWT_SECRET_ARN);
  if (refs.LINE_SECRET_ARN) {
    const line = lineSecret.parse(JSON.parse(await readSecret(refs.LINE_SECRET_ARN)));
    filled.LINE_CHANNEL_ACCESS_TOKEN ||= line.channelAccessToken;
    filled.LINE_CHANNEL_SECRET ||= line.channelSecret;
  }
  return filled;
}

/** The API Gateway event's source address (the TCP peer: CloudFront, or a client calling API Gateway directly). */
function sourceIp(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

const storeOf = (config: { TABLE_NAME: string; AWS_REGION: string; DYNAMODB_ENDPOINT?: string }): Store => ({
  doc: createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
  tableName: config.TABLE_NAME,
});

/**
 * The member and admin APIs: real JWKS verifiers for LINE (ES256) and Google (RS256), SES, and
 * the apps' origin for links in emails.
 */
export async function lambdaAppDeps(env: NodeJS.ProcessEnv = process.env): Promise<AppDeps & { appBaseUrl: string }> {
  const config = loadConfig(await environment(env));
  return {
    store: storeOf(config),
    clock: systemClock,
    ids: randomId,
    tokens: new TokenService({
      secret: config.JWT_SECRET,
      memberTtlSeconds: config.MEMBER_TOKEN_TTL_SECONDS,
      adminTtlSeconds: config.ADMIN_TOKEN_TTL_SECONDS,
    }),
    verifyLineIdToken: idTokenVerifier({
      jwksUrl: config.LINE_JWKS_URL,
      issuers: [config.LINE_ISSUER],
      audience: config.LINE_LOGIN_CHANNEL_ID,
      algorithms: ['ES256'],
    }),
    verifyGoogleIdToken: idTokenVerifier({
      jwksUrl: config.GOOGLE_JWKS_URL,
      issuers: config.GOOGLE_ISSUERS,
      audience: config.GOOGLE_CLIENT_ID,
      algorithms: ['RS256'],
    }),
    mailer: new SesEmailSender(new SESClient({ region: config.AWS_REGION }), config.EMAIL_FROM),
    // Derived, so one secret covers tokens and stored codes; a rotation only voids open codes.
    pepper: createHmac('sha256', config.JWT_SECRET).update('email-code-pepper').digest('hex'),
    validateResponses: false,
    rateLimits: rateLimitSettings(config.SHUTTLE_RATE_LIMITS),
    clientAddress: (c) => clientAddress(c.req.header('x-forwarded-for'), sourceIp(c), config.TRUSTED_PROXY_HOPS),
    appBaseUrl: config.APP_BASE_URL,
  };
}

async function notifierConfig(env: NodeJS.ProcessEnv) {
  const config = parse(notifierEnv, await environment(env));
  const line: LineMessaging | null = config.LINE_CHANNEL_ACCESS_TOKEN
    ? createLineMessaging({ channelAccessToken: config.LINE_CHANNEL_ACCESS_TOKEN, baseURL: config.LINE_API_BASE_URL })
    : null;
  return { config, line, store: storeOf(config) };
}

/** The outbox stream consumer and the sweep that retries what it could not deliver. */
export async function lambdaNotifierDeps(env: NodeJS.ProcessEnv = process.env) {
  const { config, line, store } = await notifierConfig(env);
  const dispatcher = new OutboxDispatcher({
    store,
    clock: systemClock,
    line,
    mailer: new SesEmailSender(new SESClient({ region: config.AWS_REGION }), config.EMAIL_FROM),
    appBaseUrl: config.APP_BASE_URL,
    liffId: config.LIFF_ID || undefined,
  });
  return { store, clock: systemClock, dispatcher };
}

/** The reminder job needs only the table. */
export async function lambdaReminderDeps(env: NodeJS.ProcessEnv = process.env) {
  const config = parse(notifierEnv, env);
  return { store: storeOf(config), clock: systemClock };
}

export async function lambdaWebhookDeps(env: NodeJS.ProcessEnv = process.env): Promise<LineWebhookDeps> {
  const { config, line, store } = await notifierConfig(env);
  return {
    channelSecret: config.LINE_CHANNEL_SECRET,
    line,
    store,
    clock: systemClock,
    appUrl: config.LIFF_ID ? `https://liff.line.me/${config.LIFF_ID}` : config.APP_BASE_URL,
  };
}
