import { createHmac } from 'node:crypto';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Context } from 'hono';
import { getConnInfo, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import { rateLimitSettings } from '#app/limits.ts';
import type { AppDeps } from '#app/services.ts';
import { type IdTokenVerify, idTokenVerifier } from '#auth/id-token.ts';
import { TokenService } from '#auth/tokens.ts';
import { createDocumentClient } from '#db/client.ts';
import { miniAppSetting } from '#line/mini-app.ts';
import type { MiniAppSource } from '#notifications/mini-app.ts';
import { randomId, systemClock } from '#platform/clock.ts';
import { loadConfig } from '#platform/config.ts';
import { type EmailSender, SesEmailSender } from '#platform/email.ts';
import { fromTrustedOrigin, untrustedOriginResponse } from '#platform/origin-guard.ts';
import { clientAddress } from '#platform/rate-limit.ts';
import { traced } from './observability.ts';
import { secrets } from './secrets.ts';

/**
 * Dependencies of the API functions, built once per cold start (module scope, so warm
 * invocations reuse the clients). Secrets come from Secrets Manager: the stack passes their
 * ARNs, never their values, so they appear neither in the template nor in the console. The
 * notifier, reminder and webhook functions have their own, smaller wiring (notifier-deps.ts).
 */

/** The API Gateway event's source address (the TCP peer: CloudFront, or a client calling API Gateway directly). */
function sourceIp(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The caller's address behind CloudFront and the REST API (app/LIMITS.md, "Client address"):
 * the `X-Forwarded-For` entry `trustedProxies` hops left of the event's source IP
 * (`requestContext.identity.sourceIp`, CloudFront's edge).
 */
export const lambdaClientAddress = (c: Context, trustedProxies: number): string =>
  clientAddress(c.req.header('x-forwarded-for'), sourceIp(c), trustedProxies);

type LambdaDeps = AppDeps & { appBaseUrl: string };
type IdTokenLogins = Pick<AppDeps, 'verifyLineIdToken' | 'verifyGoogleIdToken'>;
type Config = ReturnType<typeof loadConfig>;
/** How a function sends e-mail: SES, or not at all (route groups that send none, app/route-groups.ts). */
export type MailerFactory = (config: Config, env: NodeJS.ProcessEnv) => EmailSender;

/** SES v2 with the stack's configuration set: only the route groups that e-mail import it (docs/DEPLOY.md, "Bundles"). */
export const sesMailer: MailerFactory = (config, env) =>
  new SesEmailSender(
    traced(new SESv2Client({ region: config.AWS_REGION })),
    config.EMAIL_FROM,
    env.SES_CONFIGURATION_SET || undefined,
  );

/** For the route groups that send no e-mail: their bundles carry no SES client, and a send would be a bug. */
export const noMailer: MailerFactory = () => ({
  send: async () => {
    throw new Error('This function sends no e-mail (app/route-groups.ts)');
  },
});

/**
 * LINE MINI App mode's channel (handlers/mini-app-deps.ts), for the route group whose calls issue
 * notification tokens (member-api); the others leave the notifier out of their bundles.
 */
export type MiniAppFactory = (env: NodeJS.ProcessEnv, lineApiBaseUrl: string | undefined) => MiniAppSource;

/**
 * The member API: real JWKS verifiers for LINE (ES256) and Google (RS256), e-mail through
 * `mailer` (SES for the route groups that send it, none by default), and the apps' origin for
 * links in emails.
 */
export async function lambdaAppDeps(
  env: NodeJS.ProcessEnv = process.env,
  mailer: MailerFactory = noMailer,
): Promise<LambdaDeps> {
  return lambdaDeps(env, mailer, undefined, (config) => ({
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
  }));
}

/** Never called: admins sign in with e-mail and password, and only the member-auth-api group reads an ID token. */
const noIdTokenLogin: IdTokenVerify = async () => {
  throw new Error('This function takes no LINE or Google ID token (app/route-groups.ts)');
};

/**
 * The admin API, and the member API's groups without its sign-in calls (app/route-groups.ts):
 * the member API's wiring without the ID-token verifiers, which only `loginLine`/`loginGoogle`
 * use (the JWKS client is ~20 KB of a bundle; docs/DEPLOY.md, "Bundles").
 */
export async function lambdaDepsWithoutIdTokens(
  env: NodeJS.ProcessEnv = process.env,
  mailer: MailerFactory = noMailer,
  miniApp?: MiniAppFactory,
): Promise<LambdaDeps> {
  return lambdaDeps(env, mailer, miniApp, () => ({
    verifyLineIdToken: noIdTokenLogin,
    verifyGoogleIdToken: noIdTokenLogin,
  }));
}

async function lambdaDeps(
  env: NodeJS.ProcessEnv,
  mailer: MailerFactory,
  miniApp: MiniAppFactory | undefined,
  logins: (config: Config) => IdTokenLogins,
): Promise<LambdaDeps> {
  const filled = { ...env };
  if (env.JWT_SECRET_ARN && !env.JWT_SECRET) filled.JWT_SECRET = await secrets.get(env.JWT_SECRET_ARN);
  const config = loadConfig(filled);
  return {
    store: {
      doc: traced(createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT })),
      tableName: config.TABLE_NAME,
    },
    clock: systemClock,
    ids: randomId,
    tokens: new TokenService({
      secret: config.JWT_SECRET,
      memberTtlSeconds: config.MEMBER_TOKEN_TTL_SECONDS,
      adminTtlSeconds: config.ADMIN_TOKEN_TTL_SECONDS,
    }),
    ...logins(config),
    mailer: mailer(config, env),
    // Derived, so one secret covers tokens and stored codes; a rotation only voids open codes.
    pepper: createHmac('sha256', config.JWT_SECRET).update('email-code-pepper').digest('hex'),
    validateResponses: false,
    rateLimits: rateLimitSettings(config.SHUTTLE_RATE_LIMITS),
    clientAddress: (c) => lambdaClientAddress(c, config.TRUSTED_PROXY_HOPS),
    appBaseUrl: config.APP_BASE_URL,
    // LINE MINI App mode: the channel is read on use through the secret cache (docs/DEPLOY.md, "Secrets").
    ...(miniApp && miniAppSetting(env.SHUTTLE_MINI_APP) ? { miniApp: miniApp(env, config.LINE_API_BASE_URL) } : {}),
  };
}

/**
 * The values the origin secret accepts: JSON `{"current", "previous"}` (the stack's format; both
 * are accepted while a rotation is under way, docs/DEPLOY.md "Rotating the origin secret"), or
 * a plain string (stacks deployed before it).
 */
export function originSecretValues(secret: string): string[] {
  if (!secret.trimStart().startsWith('{')) return [secret];
  try {
    const parsed = JSON.parse(secret) as { current?: unknown; previous?: unknown };
    return [parsed.current, parsed.previous].filter((v): v is string => typeof v === 'string' && v.length > 0);
  } catch {
    return [];
  }
}

type LambdaHandler<R> = (event: LambdaEvent, context?: LambdaContext) => Promise<R>;

/**
 * With `ORIGIN_SECRET_ARN` set (the stack sets it), answers 403 to any request without the
 * header CloudFront adds (platform/origin-guard.ts), before the app sees it. The secret is read
 * through the cache, so a rotated value is accepted within minutes.
 */
export function withTrustedOrigin<R>(
  handler: LambdaHandler<R>,
  env: NodeJS.ProcessEnv = process.env,
  readSecret: (arn: string) => Promise<string> = (arn) => secrets.get(arn),
): LambdaHandler<R | ReturnType<typeof untrustedOriginResponse>> {
  const arn = env.ORIGIN_SECRET_ARN;
  if (!arn) return handler;
  return async (event, context) => {
    const headers = (event as { headers?: Record<string, string | undefined> }).headers;
    const accepted = originSecretValues(await readSecret(arn));
    if (!accepted.some((value) => fromTrustedOrigin(headers, value))) return untrustedOriginResponse();
    return handler(event, context);
  };
}
