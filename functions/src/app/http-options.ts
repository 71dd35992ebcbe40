import { adminAuthenticator } from '#admin-accounts/authenticator.ts';
import type { AdminAccounts } from '#admin-accounts/repository.ts';
import { RateCounters } from '#db/rate-counters.ts';
import { DomainError } from '#platform/errors.ts';
import type { ContractAppOptions, ReferenceResolver } from '#platform/http.ts';
import { RateLimiter } from '#platform/rate-limit.ts';
import { playerIsLive } from '#players/live-player-repository.ts';
import { type AppDeps, rateLimitsOf } from './deps.ts';
import { callLimits } from './limits.ts';

/**
 * How the routes of an API authenticate, validate and limit calls: shared by the whole apps
 * (services.ts, admin-services.ts) and the route groups each Lambda serves (admin-groups.ts,
 * member-groups.ts), so a group checks a caller exactly as the whole app does.
 */

/** The counters of one app, or null when limits are off. */
export function rateLimiter(deps: AppDeps): RateLimiter | null {
  return deps.rateLimits?.enabled
    ? new RateLimiter({ counters: new RateCounters(deps.store), clock: deps.clock })
    : null;
}

/** The member API's options. */
/** `references`: the app's resolver of the ids its calls name (access/references.ts); none for a group whose calls name none. */
export function memberHttp(deps: AppDeps, limiter: RateLimiter | null, references?: ReferenceResolver) {
  return {
    auth: {
      // A deleted account's tokens stop working at once (docs/PRIVACY.md): the player's record must exist.
      member: async (token: string) => {
        const caller = await deps.tokens.verifyMember(token);
        if (!(await playerIsLive(deps.store, caller.userId, deps.retry))) throw new DomainError('INVALID_TOKEN');
        return caller;
      },
      admin: (token: string) => deps.tokens.verifyAdmin(token),
    },
    validateResponses: deps.validateResponses,
    limits: callLimits('member', rateLimitsOf(deps)),
    rateLimiter: limiter,
    clientAddress: deps.clientAddress,
    references,
  } satisfies ContractAppOptions;
}

export type MemberHttp = ReturnType<typeof memberHttp>;

/** The admin API's options: an admin token must belong to an account that still exists. */
export function adminHttp(deps: AppDeps, accounts: AdminAccounts, member: MemberHttp, references: ReferenceResolver) {
  return {
    auth: { member: member.auth.member, admin: adminAuthenticator(deps.tokens, accounts) },
    validateResponses: deps.validateResponses,
    limits: callLimits('admin', rateLimitsOf(deps)),
    rateLimiter: member.rateLimiter,
    clientAddress: deps.clientAddress,
    references,
  } satisfies ContractAppOptions;
}
