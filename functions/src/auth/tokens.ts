import { jwtVerify, SignJWT } from 'jose';
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

/**
 * Server-signed JWTs (HS256). Member and admin tokens have different audiences, so one can
 * never stand in for the other.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly options: TokenServiceOptions;

  constructor(options: TokenServiceOptions) {
    this.key = new TextEncoder().encode(options.secret);
    this.options = options;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async issueMember(caller: MemberCaller): Promise<{ token: string; expiresAt: string }> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const exp = iat + this.options.memberTtlSeconds;
    const token = await new SignJWT({ name: caller.name, pic: caller.pictureUrl, role: 'member' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(caller.userId)
      .setIssuer(ISSUER)
      .setAudience(MEMBER_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
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
    const token = await new SignJWT({
      role: 'admin',
      email: caller.email,
      name: caller.name,
      teams: caller.teamIds,
      team: caller.currentTeamId,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(caller.adminId)
      .setIssuer(ISSUER)
      .setAudience(ADMIN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
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

  private async verify(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      return payload;
    } catch {
      throw new DomainError('INVALID_TOKEN');
    }
  }
}
