import { memberRoutes, type RotationBoard, rotationBoard } from '@shuttle/shared';
import { fetchIfChanged, type LiveBoardSource, rotationSocketUrl } from '@shuttle/shared/web/live-board.ts';
import { runtimeConfig } from '@/config/config-loader';
import { apiCall } from '@/lib/api-client';
import { currentToken } from '@/lib/auth';

/**
 * The caller's own part of the board: their board id on it (null: not on it; never a user id),
 * their up-next opt-in, and whether they are the board's helper.
 */
export interface MyPlace {
  me: string | null;
  notifyMe: boolean;
  helper: boolean;
}

/**
 * The session's rotation board for one of its players (`checkState/rotation/getBoard`, with
 * If-None-Match), live over the board socket; `onMe` hears the caller's place on the board.
 */
export function memberBoardSource(sessionId: string, onMe: (mine: MyPlace) => void): LiveBoardSource<RotationBoard> {
  return {
    poll: async (etag) => {
      const { apiBase } = await runtimeConfig();
      const result = await fetchIfChanged(
        memberRoutes['checkState/rotation/getBoard'],
        `${apiBase}/checkState/rotation/getBoard`,
        { sessionId },
        currentToken(),
        etag,
      );
      if (result === 'unchanged') return result;
      const { board, me, notifyMe, helper } = result.data as {
        board: RotationBoard;
        me?: string | null;
        notifyMe?: boolean;
        helper?: boolean;
      };
      onMe({ me: me ?? null, notifyMe: Boolean(notifyMe), helper: Boolean(helper) });
      return { board, etag: result.etag };
    },
    socketUrl: async () => {
      const token = currentToken();
      return token ? rotationSocketUrl((await runtimeConfig()).apiBase, sessionId, token) : null;
    },
    parse: (message) => {
      const parsed = rotationBoard.safeParse((message as { board?: unknown } | null)?.board ?? message);
      return parsed.success ? parsed.data : null;
    },
  };
}

/** One LINE push when the caller comes up next this evening (`checkState/rotation/notifyMe`); answers the new opt-in. */
export async function setNotifyMe(sessionId: string, on: boolean): Promise<boolean> {
  const { notifyMe } = await apiCall('checkState/rotation/notifyMe', { sessionId, on });
  return Boolean(notifyMe);
}

/**
 * The helper's changes (docs/ON-COURT.md, "Rotation"): players are named by their board id, and
 * each answers the board players see.
 */
export const helperStartNext = async (sessionId: string, court: number) =>
  (await apiCall('checkState/rotation/startNext', { sessionId, court })).board;
export const helperFinish = async (sessionId: string, court: number) =>
  (await apiCall('checkState/rotation/finish', { sessionId, court })).board;
export const helperSetPlayer = async (sessionId: string, playerId: string, state: 'ready' | 'resting') =>
  (await apiCall('checkState/rotation/setPlayer', { sessionId, playerId, state })).board;
