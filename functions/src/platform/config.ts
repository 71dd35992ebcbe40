import * as z from 'zod';

/** Environment of every function, parsed once at cold start; a bad value fails fast. */
const schema = z.object({
  TABLE_NAME: z.string().min(1).default('shuttle'),
  AWS_REGION: z.string().default('ap-northeast-1'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  JWT_SECRET: z.string().min(32),
  MEMBER_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  ADMIN_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  LINE_LOGIN_CHANNEL_ID: z.string().min(1),
  LINE_JWKS_URL: z.url().default('https://api.line.me/oauth2/v2.1/certs'),
  LINE_ISSUER: z.string().default('https://access.line.me'),
  GOOGLE_CLIENT_ID: z.string().min(1),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z
    .string()
    .default('https://accounts.google.com,accounts.google.com')
    .transform((v) => v.split(',').map((s) => s.trim())),
  LINE_CHANNEL_ACCESS_TOKEN: z.string().default(''),
  LINE_CHANNEL_SECRET: z.string().default(''),
  LINE_API_BASE_URL: z.url().optional(),
  EMAIL_FROM: z.string().default('no-reply@shuttle.tw'),
  APP_BASE_URL: z.url().default('http://localhost:3000'),
  /** `off` turns the per-client rate limits off (load tests); functions/src/app/LIMITS.md. */
  SHUTTLE_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /**
   * Proxies in front of the API that append to X-Forwarded-For and are trusted to: 1 for the
   * stack's CloudFront (functions/src/app/LIMITS.md, client address). 0 uses the connection's peer only.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(1),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid environment: ${fields}`);
  }
  return parsed.data;
}
