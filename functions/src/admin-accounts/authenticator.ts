import type { TokenService } from '#auth/tokens.ts';
import { DomainError } from '#platform/errors.ts';
import type { AdminCaller } from '#platform/http.ts';
import type { AdminAccounts } from './repository.ts';

/**
 * Admin bearer tokens: a valid signature is not enough. The account must still exist with
 * `isAdmin` set, and the token must be newer than the last password reset. The name, email
 * and current team come from the account, not from the token's claims.
 */
export function adminAuthenticator(tokens: TokenService, accounts: AdminAccounts) {
  return async (token: string): Promise<AdminCaller> => {
    const caller = await tokens.verifyAdmin(token);
    const record = await accounts.get(caller.adminId);
    if (!record) throw new DomainError('INVALID_TOKEN');
    if (record.tokensValidAfter !== null && caller.issuedAt <= record.tokensValidAfter) {
      throw new DomainError('INVALID_TOKEN');
    }
    if (!record.isAdmin) throw new DomainError('FORBIDDEN');
    return {
      ...caller,
      email: record.email ?? '',
      name: record.displayName,
      currentTeamId: record.currentTeamId,
    };
  };
}
