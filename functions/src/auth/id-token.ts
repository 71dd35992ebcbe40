import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { DomainError } from '#platform/errors.ts';

export interface IdTokenProvider {
  jwksUrl: string;
  issuers: string[];
  audience: string;
  algorithms: string[];
  /** The verifier's clock for `exp`/`iat` (the local product's `SHUTTLE_NOW`); the system's when absent. */
  now?: () => Date;
}

export interface VerifiedIdentity {
  sub: string;
  name: string;
  picture: string;
  email: string | null;
}

/**
 * Verifies an OpenID Connect ID token as its issuer documents it: signature by the key named
 * by `kid` in the issuer's JWKS, the expected algorithm only, issuer, audience and expiry.
 * LINE: ES256, https://access.line.me, aud = LINE Login channel id. Google: RS256,
 * accounts.google.com, aud = OAuth client id. The local identity provider differs only in URLs.
 */
export function idTokenVerifier(provider: IdTokenProvider) {
  const jwks = createRemoteJWKSet(new URL(provider.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 });
  return async (idToken: string): Promise<VerifiedIdentity> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: provider.issuers,
        audience: provider.audience,
        algorithms: provider.algorithms,
        clockTolerance: 30,
        ...(provider.now ? { currentDate: provider.now() } : {}),
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch {
      throw new DomainError('LOGIN_FAILED');
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    if (!payload.sub) throw new DomainError('LOGIN_FAILED');
    return {
      sub: payload.sub,
      name: text(payload.name) || 'Player',
      picture: text(payload.picture),
      email: text(payload.email) || null,
    };
  };
}

export type IdTokenVerify = ReturnType<typeof idTokenVerifier>;
