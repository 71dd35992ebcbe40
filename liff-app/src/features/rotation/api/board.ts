import { memberRoutes, type RotationBoard, rotationBoard } from '@shuttle/shared';
import { fetchIfChanged, type LiveBoardSource, rotationSocketUrl } from '@shuttle/shared/web/live-board.ts';
import { runtimeConfig } from '@/config/config-loader';
import { currentToken } from '@/lib/auth';

/**
 * The session's rotation board for one of its players (`checkState/rotation/getBoard`, with
 * If-None-Match), live over the board socket; `onMe` hears the caller's userId on the board.
 */
export function memberBoardSource(
  sessionId: string,
  onMe: (me: string | null) => void,
): LiveBoardSource<RotationBoard> {
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
      const { board, me } = result.data as { board: RotationBoard; me?: string | null };
      onMe(me ?? null);
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
