import type { AdminAccounts } from '#admin-accounts/repository.ts';
import { DomainError } from '#platform/errors.ts';
import type { AdminCaller } from '#platform/http.ts';
import { hashScreenToken, type RotationItem } from './repository.ts';
import type { RotationAudience } from './view.ts';

/**
 * Who may watch a board live (docs/ON-COURT.md, "Live"): its venue screen's token, a player of
 * the session (on the board, its helper, or holding an accepted booking), or an admin of the
 * session's team. A socket keeps who opened it (`RotationViewer`, never the token itself) and
 * why they may (`ViewerBasis`), so a board write, a revocation or the 10-minute recheck can ask
 * again without the token. One check for both transports: the local hub
 * (`local/rotation-live.ts`) and AWS (`sockets.ts`, `live.ts`).
 */
export type RotationViewer =
  /** `issuedAt`: of the admin token used, refused once a password reset makes older tokens void. */
  | { kind: 'admin'; adminId: string; issuedAt: number }
  | { kind: 'member'; userId: string }
  /** The SHA-256 of the screen token used, as the token's own item is keyed. */
  | { kind: 'screen'; tokenHash: string };

export type RotationViewerKind = RotationViewer['kind'];

/** Why a viewer may watch: `board` on it, `helper` its helper, `booking` an accepted booking; `admin`, `screen`. */
export type ViewerBasis = 'admin' | 'screen' | 'board' | 'helper' | 'booking';

export interface ViewerStanding {
  viewer: RotationViewer;
  basis: ViewerBasis;
}

/** One key per person or screen link: their socket places and the index revocations look them up by. */
export const viewerKey = (viewer: RotationViewer): string =>
  viewer.kind === 'admin'
    ? `admin#${viewer.adminId}`
    : viewer.kind === 'member'
      ? `member#${viewer.userId}`
      : `screen#${viewer.tokenHash}`;

/** The board a viewer is sent: only the team's admins get user ids and the screen token. */
export const audienceOf = (viewer: RotationViewer): RotationAudience => (viewer.kind === 'admin' ? 'admin' : 'public');

export interface RotationViewerChecks {
  /** The board; throws `ROTATION_NOT_OPEN` when the session has none. */
  board: (sessionId: string) => Promise<RotationItem>;
  sessionOfScreen: (token: string) => Promise<string | null>;
  /** A live player's token; throws on anything else. */
  member: (token: string) => Promise<{ userId: string }>;
  /** An admin account's token; throws `INVALID_TOKEN` / `FORBIDDEN`. */
  admin: (token: string) => Promise<AdminCaller>;
  /** The admin account behind a token issued at `issuedAt`, if that token would still be accepted. */
  adminAccount: (adminId: string, issuedAt: number) => Promise<AdminCaller | null>;
  /** Throws unless the admin runs the session's team (the link read strongly). */
  adminSession: (admin: AdminCaller, sessionId: string) => Promise<unknown>;
  /** Whether the player's record still exists (a deleted account's sockets close). */
  playerLive: (userId: string) => Promise<boolean>;
  booking: (sessionId: string, userId: string) => Promise<{ status: string } | null>;
}

/** Screen tokens are 32 random bytes in base64url (rotation/repository.ts): anything else is no screen. */
const SCREEN_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

const onBoard = (item: RotationItem, userId: string) => item.state.players.some((p) => p.userId === userId);

/** A player's right read off the board alone: on it or its helper; null: only a booking could give one. */
const boardBasis = (item: RotationItem, userId: string): ViewerBasis | null =>
  onBoard(item, userId) ? 'board' : item.helperUserId === userId ? 'helper' : null;

/** The viewer of a token, their right and the board, or a DomainError (401 no or bad token, 403 not theirs, 404 no board). */
export async function checkRotationViewer(
  checks: RotationViewerChecks,
  sessionId: string,
  token: string,
): Promise<ViewerStanding & { item: RotationItem }> {
  if (!sessionId || !token) throw new DomainError('NO_TOKEN');
  if (SCREEN_TOKEN.test(token) && (await checks.sessionOfScreen(token)) === sessionId) {
    const item = await checks.board(sessionId);
    return { viewer: { kind: 'screen', tokenHash: hashScreenToken(token) }, basis: 'screen', item };
  }
  const member = await checks.member(token).catch(() => null);
  if (member) {
    const item = await checks.board(sessionId);
    const basis = boardBasis(item, member.userId) ?? (await bookingBasis(checks, sessionId, member.userId));
    if (!basis) throw new DomainError('FORBIDDEN');
    return { viewer: { kind: 'member', userId: member.userId }, basis, item };
  }
  const admin = await checks.admin(token);
  await checks.adminSession(admin, sessionId);
  return {
    viewer: { kind: 'admin', adminId: admin.adminId, issuedAt: admin.issuedAt },
    basis: 'admin',
    item: await checks.board(sessionId),
  };
}

async function bookingBasis(checks: RotationViewerChecks, sessionId: string, userId: string) {
  return (await checks.booking(sessionId, userId))?.status === 'accepted' ? ('booking' as const) : null;
}

/**
 * What a board write means for a socket, without I/O: `keep` (its right stands), `end` (the
 * screen token it used was replaced) or `check` (a helper's or player's right the board no
 * longer shows: ask again). Rights the board does not hold (an admin link, a booking, an
 * account) are checked when they change (revocations) and every 10 minutes.
 */
export function standingAfter(item: RotationItem, standing: ViewerStanding): 'keep' | 'end' | 'check' {
  const { viewer, basis } = standing;
  if (viewer.kind === 'screen') return hashScreenToken(item.screenToken) === viewer.tokenHash ? 'keep' : 'end';
  if (viewer.kind === 'admin') return 'keep';
  if (boardBasis(item, viewer.userId)) return 'keep';
  return basis === 'booking' ? 'keep' : 'check';
}

/**
 * The whole check again from the recorded viewer (no token): the right that holds now, or null
 * when none does (the socket is closed). An admin's account and team link and a player's record
 * and booking are read strongly.
 */
export async function recheckViewer(
  checks: RotationViewerChecks,
  item: RotationItem,
  viewer: RotationViewer,
): Promise<ViewerBasis | null> {
  if (viewer.kind === 'screen') return hashScreenToken(item.screenToken) === viewer.tokenHash ? 'screen' : null;
  if (viewer.kind === 'admin') {
    const admin = await checks.adminAccount(viewer.adminId, viewer.issuedAt);
    if (!admin) return null;
    return (await checks.adminSession(admin, item.sessionId).then(
      () => true,
      () => false,
    ))
      ? 'admin'
      : null;
  }
  if (!(await checks.playerLive(viewer.userId))) return null;
  return boardBasis(item, viewer.userId) ?? (await bookingBasis(checks, item.sessionId, viewer.userId));
}

/**
 * The account behind an admin token issued at `issuedAt`, by the rules of `adminAuthenticator`
 * (the account exists, is an admin, and no password reset came after the token), or null.
 */
export function adminAccountCheck(accounts: Pick<AdminAccounts, 'get'>) {
  return async (adminId: string, issuedAt: number): Promise<AdminCaller | null> => {
    const record = await accounts.get(adminId);
    if (!record?.isAdmin) return null;
    if (record.tokensValidAfter !== null && issuedAt <= record.tokensValidAfter) return null;
    return {
      adminId,
      issuedAt,
      email: record.email ?? '',
      name: record.displayName,
      teamIds: [],
      currentTeamId: record.currentTeamId,
    };
  };
}
