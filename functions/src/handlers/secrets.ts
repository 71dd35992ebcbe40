import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SecretCache } from '#platform/secrets.ts';

/**
 * Secrets Manager, read through a five-minute cache (platform/secrets.ts): a secret filled in
 * after the deploy (the LINE channel) reaches warm functions without a restart. The stack passes
 * secret ARNs, never values (docs/DEPLOY.md, "Secrets").
 */
let client: SecretsManagerClient | undefined;

/** Pure (its constructor only stores settings): a bundle that reads no secret, like the reminder job's, drops the client. */
export const secrets = /* @__PURE__ */ new SecretCache(async (arn) => {
  client ??= new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
  return SecretString;
});

export interface LineChannel {
  channelAccessToken: string;
  channelSecret: string;
}

/**
 * The Messaging API channel: `LINE_CHANNEL_ACCESS_TOKEN`/`LINE_CHANNEL_SECRET` when set, else
 * the JSON `{ "channelAccessToken", "channelSecret" }` of the secret `LINE_SECRET_ARN` (empty
 * strings until the operator fills it in).
 */
export async function lineChannel(env: NodeJS.ProcessEnv): Promise<LineChannel> {
  const fromEnv = {
    channelAccessToken: env.LINE_CHANNEL_ACCESS_TOKEN ?? '',
    channelSecret: env.LINE_CHANNEL_SECRET ?? '',
  };
  if (!env.LINE_SECRET_ARN || (fromEnv.channelAccessToken && fromEnv.channelSecret)) return fromEnv;
  const parsed = JSON.parse(await secrets.get(env.LINE_SECRET_ARN)) as Partial<Record<keyof LineChannel, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    channelAccessToken: fromEnv.channelAccessToken || text(parsed.channelAccessToken),
    channelSecret: fromEnv.channelSecret || text(parsed.channelSecret),
  };
}

/** The LINE MINI App channel and the key that seals its notification tokens (docs/DEPLOY.md, "Secrets"). */
export interface MiniAppSecret {
  channelId: string;
  channelSecret: string;
  /** 32 bytes, 64 hex digits or base64 (`platform/sealed.ts`). */
  tokenKey: string;
}

/**
 * The JSON `{ "channelId", "channelSecret", "tokenKey" }` of the secret `MINI_APP_SECRET_ARN`;
 * null until the operator fills it in (the mode then changes links only, and notices push).
 */
export async function miniAppSecret(env: NodeJS.ProcessEnv): Promise<MiniAppSecret | null> {
  if (!env.MINI_APP_SECRET_ARN) return null;
  const parsed = JSON.parse(await secrets.get(env.MINI_APP_SECRET_ARN)) as Partial<
    Record<keyof MiniAppSecret, unknown>
  >;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const secret = {
    channelId: text(parsed.channelId),
    channelSecret: text(parsed.channelSecret),
    tokenKey: text(parsed.tokenKey),
  };
  return secret.channelId && secret.channelSecret && secret.tokenKey ? secret : null;
}
