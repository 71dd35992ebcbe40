import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '#platform/errors.ts';
import type { AdminCaller, MemberCaller } from '#platform/http.ts';

const ISSUER = 'shuttle';
const MEMBER_AUDIENCE = 'shuttle-member';
const ADMIN_AUDIENCE = 'shuttle-admin';

export interface TokenServiceOptions {
  secret: string;
  memberTtlSeconds: number;
  adminTtlSeconds: number;
  now?: () => Date;
}

type Claims = Record<string, unknown>;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/**
 * Server-signed JWTs (HS256, RFC 7519), signed and checked with node:crypto rather than a JWT
 * library, so the API bundles that never verify a LINE or Google ID token carry no JOSE code
 * (docs/DEPLOY.md, "Bundles"). Member and admin tokens have different audiences, so one can
 * never stand in for the other.
 */
export class TokenService {
  private readonly key: Buffer;
  private readonly options: TokenServiceOptions;

  constructor(options: TokenServiceOptions) {
    this.key = Buffer.from(options.secret, 'utf8');
    this.options = options;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async issueMember(caller: MemberCaller): Promise<{ token: string; expiresAt: string }> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const exp = iat + this.options.memberTtlSeconds;
    const token = this.sign({
      name: caller.name,
      pic: caller.pictureUrl,
      role: 'member',
      sub: caller.userId,
      iss: ISSUER,
      aud: MEMBER_AUDIENCE,
      iat,
      exp,
    });
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  async verifyMember(token: string): Promise<MemberCaller> {
    const payload = await this.verify(token, MEMBER_AUDIENCE);
    if (payload.role !== 'member' || typeof payload.sub !== 'string') throw new DomainError('INVALID_TOKEN');
    return {
      userId: payload.sub,
      name: typeof payload.name === 'string' ? payload.name : '',
      pictureUrl: typeof payload.pic === 'string' ? payload.pic : '',
    };
  }

  async issueAdmin(caller: Omit<AdminCaller, 'issuedAt'>): Promise<{ token: string; expiresAt: string }> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const exp = iat + this.options.adminTtlSeconds;
    const token = this.sign({
      role: 'admin',
      email: caller.email,
      name: caller.name,
      teams: caller.teamIds,
      team: caller.currentTeamId,
      sub: caller.adminId,
      iss: ISSUER,
      aud: ADMIN_AUDIENCE,
      iat,
      exp,
    });
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  async verifyAdmin(token: string): Promise<AdminCaller> {
    const payload = await this.verify(token, ADMIN_AUDIENCE);
    if (payload.role !== 'admin' || typeof payload.sub !== 'string') throw new DomainError('INVALID_TOKEN');
    return {
      adminId: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      name: typeof payload.name === 'string' ? payload.name : '',
      teamIds: Array.isArray(payload.teams) ? payload.teams.filter((t): t is string => typeof t === 'string') : [],
      currentTeamId: typeof payload.team === 'string' ? payload.team : null,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
    };
  }

  private mac(signingInput: string): Buffer {
    return createHmac('sha256', this.key).update(signingInput).digest();
  }

  private sign(claims: Claims): string {
    const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${input}.${this.mac(input).toString('base64url')}`;
  }

  /**
   * The claims of a token this service signed for `audience`: the header must name HS256 and
   * nothing the check does not understand (`crit`), the MAC must match (compared in constant
   * time), and the issuer, audience and expiry must hold at `now()`; anything else is INVALID_TOKEN.
   */
  private async verify(token: string, audience: string): Promise<Claims> {
    const claims = this.check(token, audience);
    if (!claims) throw new DomainError('INVALID_TOKEN');
    return claims;
  }

  private check(token: string, audience: string): Claims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = this.mac(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = parseObject(header);
    if (head?.alg !== 'HS256' || head.crit !== undefined) return null;
    const claims = parseObject(payload);
    if (!claims || claims.iss !== ISSUER) return null;
    const aud = claims.aud;
    if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) return null;
    const now = Math.floor(this.now().getTime() / 1000);
    if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
    if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null;
    if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
    return claims;
  }
}

/** A base64url JSON object, or null. */
function parseObject(part: string): Claims | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Claims) : null;
  } catch {
    return null;
  }
}
