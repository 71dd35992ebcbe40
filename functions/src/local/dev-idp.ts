import { Hono } from 'hono';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import * as z from 'zod';

/**
 * Local stand-in for LINE Login and Google's OpenID provider, present only in local mode and
 * tests (never in a Lambda bundle). It signs ID tokens the way they do (LINE: ES256, Google:
 * RS256, `kid` from a JWKS) so the server verifies them with its production code path.
 */
export interface DevIdentityProviderOptions {
  origin: string;
  lineChannelId: string;
  googleClientId: string;
  /** Signs `iat`/`exp` by this clock (the local product's, which `SHUTTLE_NOW` may move). */
  now?: () => Date;
}

export const devIdpIssuers = (origin: string) => ({
  line: `${origin}/dev/idp/line`,
  google: `${origin}/dev/idp/google`,
});

export const devIdpJwks = (origin: string) => ({
  line: `${origin}/dev/idp/line/jwks.json`,
  google: `${origin}/dev/idp/google/jwks.json`,
});

const tokenRequest = z.object({
  sub: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  provider: z.enum(['line', 'google']),
  picture: z.string().max(500).optional(),
  email: z.email().optional(),
  /** Test knobs: sign for another audience or issuer, or already expired. */
  audience: z.string().optional(),
  issuer: z.string().optional(),
  expiresInSeconds: z.number().int().optional(),
});

type PublicKey = Awaited<ReturnType<typeof generateKeyPair>>['publicKey'];

export interface DevIdentityProvider {
  app: Hono;
  issue(request: z.input<typeof tokenRequest>): Promise<string>;
}

export async function createDevIdentityProvider(options: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
  const line = await generateKeyPair('ES256', { extractable: true });
  const google = await generateKeyPair('RS256', { extractable: true });
  const jwk = async (key: PublicKey, kid: string, alg: string): Promise<JWK> => ({
    ...(await exportJWK(key)),
    kid,
    alg,
    use: 'sig',
  });
  const lineJwks = { keys: [await jwk(line.publicKey, 'dev-line-1', 'ES256')] };
  const googleJwks = { keys: [await jwk(google.publicKey, 'dev-google-1', 'RS256')] };
  const issuers = devIdpIssuers(options.origin);

  const issue = async (raw: z.input<typeof tokenRequest>) => {
    const request = tokenRequest.parse(raw);
    const isLine = request.provider === 'line';
    const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
    // No picture unless asked for: nothing local may depend on the internet; the apps show initials.
    const picture = request.picture ?? '';
    return new SignJWT({ name: request.name, picture, ...(request.email ? { email: request.email } : {}) })
      .setProtectedHeader({ alg: isLine ? 'ES256' : 'RS256', kid: isLine ? 'dev-line-1' : 'dev-google-1', typ: 'JWT' })
      .setSubject(request.sub)
      .setIssuer(request.issuer ?? (isLine ? issuers.line : issuers.google))
      .setAudience(request.audience ?? (isLine ? options.lineChannelId : options.googleClientId))
      .setIssuedAt(now)
      .setExpirationTime(now + (request.expiresInSeconds ?? 3600))
      .sign(isLine ? line.privateKey : google.privateKey);
  };

  const app = new Hono();
  app.get('/dev/idp/line/jwks.json', (c) => c.json(lineJwks));
  app.get('/dev/idp/google/jwks.json', (c) => c.json(googleJwks));
  app.post('/dev/id-token', async (c) => {
    const parsed = tokenRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json({ success: false, message: 'Expected { sub, name, provider: "line" | "google" }' }, 400);
    }
    return c.json({ idToken: await issue(parsed.data) });
  });
  return { app, issue };
}
