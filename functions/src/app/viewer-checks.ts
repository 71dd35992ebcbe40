import { adminAuthenticator } from '#admin-accounts/authenticator.ts';
import { TeamScope, teamSession } from '#admin-accounts/team-scope.ts';
import type { TokenService } from '#auth/tokens.ts';
import type { Store } from '#db/client.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { playerIsLive, playerRecordExists } from '#players/live-player-repository.ts';
import { RotationRepository } from '#rotation/repository.ts';
import { adminAccountCheck, type RotationViewerChecks } from '#rotation/viewers.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import { adminAccounts } from './factories.ts';

/**
 * The same checks straight on the table, for the AWS functions (`$connect`, the broadcaster):
 * the repositories the API apps use, without the apps (a small bundle). The board is read as it
 * is (one GetItem): a connect writes nothing but its socket. Without `tokens` (the broadcaster,
 * which rechecks recorded viewers only) every token is refused.
 */
export function storeViewerChecks(deps: {
  store: Store;
  tokens: TokenService | null;
  clock: Clock;
  ids: IdGenerator;
}): RotationViewerChecks {
  const boards = new RotationRepository(deps.store);
  const sessions = new SessionRepository(deps.store);
  const scope = new TeamScope(new TeamAdminRepository(deps.store));
  const accounts = adminAccounts(deps);
  return {
    board: async (sessionId) => {
      const item = await boards.get(sessionId);
      if (!item) throw new DomainError('ROTATION_NOT_OPEN');
      return item;
    },
    sessionOfScreen: (token) => boards.sessionOfScreen(token),
    member: async (token) => {
      if (!deps.tokens) throw new DomainError('INVALID_TOKEN');
      const caller = await deps.tokens.verifyMember(token);
      // A deleted account's tokens stop working at once (docs/PRIVACY.md), as in app/http-options.ts.
      if (!(await playerIsLive(deps.store, caller.userId))) throw new DomainError('INVALID_TOKEN');
      return caller;
    },
    admin: deps.tokens
      ? adminAuthenticator(deps.tokens, accounts)
      : async () => {
          throw new DomainError('INVALID_TOKEN');
        },
    adminAccount: adminAccountCheck(accounts),
    adminSession: (admin, sessionId) => teamSession(scope, sessions, admin, sessionId),
    // Read strongly: another function's cache of live players may be minutes old.
    playerLive: (userId) => playerRecordExists(deps.store, userId),
    booking: (sessionId, userId) => sessions.booking(sessionId, userId),
  };
}
