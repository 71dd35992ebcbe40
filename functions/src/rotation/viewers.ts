import { adminAuthenticator } from '#admin-accounts/authenticator.ts';
import { AdminAccounts } from '#admin-accounts/repository.ts';
import { TeamScope } from '#admin-accounts/team-scope.ts';
import type { TokenService } from '#auth/tokens.ts';
import type { Store } from '#db/client.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { AdminCaller } from '#platform/http.ts';
import { playerIsLive } from '#players/live-player-repository.ts';
import { SessionRepository } from '#sessions/repository.ts';
import { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import { type RotationItem, RotationRepository } from './repository.ts';

/**
 * Who may watch a board live (docs/ON-COURT.md, "Live"): its venue screen's token, a player of
 * the session (on the board, its helper, or holding an accepted booking), or an admin of the
 * session's team. One check for both transports: the local hub (`local/rotation-live.ts`) and
 * the AWS `$connect` (`handlers/rotation-sockets.ts`).
 */
export type RotationViewerKind = 'screen' | 'member' | 'admin';

export interface RotationViewerChecks {
  /** The board; throws `ROTATION_NOT_OPEN` when the session has none. */
  board: (sessionId: string) => Promise<RotationItem>;
  sessionOfScreen: (token: string) => Promise<string | null>;
  /** A live player's token; throws on anything else. */
  member: (token: string) => Promise<{ userId: string }>;
  /** An admin account's token; throws `INVALID_TOKEN` / `FORBIDDEN`. */
  admin: (token: string) => Promise<AdminCaller>;
  /** Throws unless the admin runs the session's team. */
  adminSession: (admin: AdminCaller, sessionId: string) => Promise<unknown>;
  booking: (sessionId: string, userId: string) => Promise<{ status: string } | null>;
}

/** Screen tokens are 32 random bytes in base64url (rotation/repository.ts): anything else is no screen. */
const SCREEN_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/** The viewer's kind and the board, or a DomainError (401 no or bad token, 403 not theirs, 404 no board). */
export async function checkRotationViewer(
  checks: RotationViewerChecks,
  sessionId: string,
  token: string,
): Promise<{ kind: RotationViewerKind; item: RotationItem }> {
  if (!sessionId || !token) throw new DomainError('NO_TOKEN');
  if (SCREEN_TOKEN.test(token) && (await checks.sessionOfScreen(token)) === sessionId) {
    return { kind: 'screen', item: await checks.board(sessionId) };
  }
  const member = await checks.member(token).catch(() => null);
  if (member) {
    const item = await checks.board(sessionId);
    const onBoard = item.state.players.some((p) => p.userId === member.userId) || item.helperUserId === member.userId;
    if (!onBoard && (await checks.booking(sessionId, member.userId))?.status !== 'accepted') {
      throw new DomainError('FORBIDDEN');
    }
    return { kind: 'member', item };
  }
  const admin = await checks.admin(token);
  await checks.adminSession(admin, sessionId);
  return { kind: 'admin', item: await checks.board(sessionId) };
}

/**
 * The same checks straight on the table, for the `$connect` function: the repositories the API
 * apps use, without the apps (a small bundle). The board is read as it is (one GetItem): a
 * connect writes nothing but its socket.
 */
export function storeViewerChecks(deps: {
  store: Store;
  tokens: TokenService;
  clock: Clock;
  ids: IdGenerator;
}): RotationViewerChecks {
  const boards = new RotationRepository(deps.store);
  const sessions = new SessionRepository(deps.store);
  const scope = new TeamScope(new TeamAdminRepository(deps.store), sessions);
  const accounts = new AdminAccounts({ store: deps.store, clock: deps.clock, ids: deps.ids });
  return {
    board: async (sessionId) => {
      const item = await boards.get(sessionId);
      if (!item) throw new DomainError('ROTATION_NOT_OPEN');
      return item;
    },
    sessionOfScreen: (token) => boards.sessionOfScreen(token),
    member: async (token) => {
      const caller = await deps.tokens.verifyMember(token);
      // A deleted account's tokens stop working at once (docs/PRIVACY.md), as in app/http-options.ts.
      if (!(await playerIsLive(deps.store, caller.userId))) throw new DomainError('INVALID_TOKEN');
      return caller;
    },
    admin: adminAuthenticator(deps.tokens, accounts),
    adminSession: (admin, sessionId) => scope.session(admin, sessionId),
    booking: (sessionId, userId) => sessions.booking(sessionId, userId),
  };
}
