import {
  adminRoutes,
  memberRoutes,
  type RotationAdminBoard,
  type RotationBoard,
  type RotationMode,
  type RotationPlayerState,
  type RotationRule,
  rotationAdminBoard,
  rotationBoard,
} from '@shuttle/shared';
import { downloadFile } from '@shuttle/shared/web/download.ts';
import { fetchIfChanged, type LiveBoardSource, rotationSocketUrl } from '@shuttle/shared/web/live-board.ts';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { env } from '@/config/env';
import { apiCall } from '@/lib/api-client';
import { currentToken } from '@/lib/auth';

/** The session a board belongs to (title, time, courts), from check-in's call. */
export const useRotationSession = (sessionId: string) =>
  useQuery(`session:${sessionId}:rotation`, () => apiCall('courtSession/signedMembers', { sessionId }));

export const setupBoard = (sessionId: string, courts: number[], mode: RotationMode, rule: RotationRule) =>
  apiCall('rotation/setup', { sessionId, courts, mode, rule });
/** Starts the coming game promised to `court`; with `nextIndex`, that coming game instead (the admin's override). */
export const startNext = (sessionId: string, court: number, nextIndex?: number) =>
  apiCall('rotation/startNext', nextIndex === undefined ? { sessionId, court } : { sessionId, court, nextIndex });
/** A game's result as `rotation/finish` takes it: the winning side, and its final score when one was picked. */
export interface FinishResult {
  winner: 0 | 1;
  score?: [number, number];
}

/** Ends the game on `court` with its result (a winner, and a final score if picked), or none. */
export const finishGame = (sessionId: string, court: number, result?: FinishResult) =>
  apiCall('rotation/finish', { sessionId, court, ...result });
export const setPlayerState = (sessionId: string, userId: string, state: RotationPlayerState) =>
  apiCall('rotation/setPlayer', { sessionId, userId, state });
export const moveUp = (sessionId: string, userId: string) => apiCall('rotation/moveUp', { sessionId, userId });
/** Fixes two players as partners; `partnerUserId: null` releases the pair. */
export const lockPair = (sessionId: string, userId: string, partnerUserId: string | null) =>
  apiCall('rotation/lockPair', { sessionId, userId, partnerUserId });
/** Names the session's helper; `userId: null` removes them. */
export const setHelper = (sessionId: string, userId: string | null) =>
  apiCall('rotation/setHelper', { sessionId, userId });
/** Swaps a queued player into the coming game `nextIndex` of the board's `next`. */
export const swapNext = (sessionId: string, nextIndex: number, outUserId: string, inUserId: string) =>
  apiCall('rotation/swapNext', { sessionId, nextIndex, outUserId, inUserId });
export const rotateScreenToken = (sessionId: string) => apiCall('rotation/rotateScreenToken', { sessionId });

/** The night's game log as CSV (during or after the session), saved on the device. */
export async function downloadRotationCsv(sessionId: string): Promise<void> {
  downloadFile(await apiCall.file('rotation/exportCsv', { sessionId }), `rotation-${sessionId}.csv`);
}

/** A socket message as a board of `schema` (the message is the board; `{board}` is taken too). */
const boardParser =
  <B>(schema: { safeParse: (value: unknown) => { success: true; data: B } | { success: false } }) =>
  (message: unknown): B | null => {
    const parsed = schema.safeParse((message as { board?: unknown } | null)?.board ?? message);
    return parsed.success ? parsed.data : null;
  };

/**
 * The admin's live board of a session: reads and socket messages alike carry the admin view
 * (user ids, the venue-screen token), which the server sends only to the team's admins.
 */
export function adminBoardSource(sessionId: string): LiveBoardSource<RotationAdminBoard> {
  return {
    poll: async (etag) => {
      const result = await fetchIfChanged(
        adminRoutes['rotation/getBoard'],
        `${env.adminApiBase}/rotation/getBoard`,
        { sessionId },
        currentToken(),
        etag,
      );
      if (result === 'unchanged') return result;
      return { board: (result.data as { board: RotationAdminBoard }).board, etag: result.etag };
    },
    socketUrl: () => {
      const token = currentToken();
      return token ? rotationSocketUrl(env.adminApiBase, sessionId, token) : null;
    },
    parse: boardParser(rotationAdminBoard),
  };
}

/** The venue screen's live board, by its screen token (no login); the link names the session for the socket. */
export function screenBoardSource(token: string, sessionId: string | null): LiveBoardSource<RotationBoard> {
  return {
    poll: async (etag) => {
      const result = await fetchIfChanged(
        memberRoutes['withoutAuth/rotation/screen'],
        `${env.memberApiBase}/withoutAuth/rotation/screen`,
        { token },
        null,
        etag,
      );
      if (result === 'unchanged') return result;
      return { board: (result.data as { board: RotationBoard }).board, etag: result.etag };
    },
    // Without the session id (an older link) the screen polls.
    socketUrl: () => (sessionId ? rotationSocketUrl(env.memberApiBase, sessionId, token) : null),
    parse: boardParser(rotationBoard),
  };
}
