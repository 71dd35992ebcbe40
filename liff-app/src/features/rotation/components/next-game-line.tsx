import type { RotationBoard } from '@shuttle/shared';
import { CourtIcon } from '@shuttle/shared/web/icons.tsx';
import { useLiveBoard } from '@shuttle/shared/web/live-board.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberBoardSource } from '../api/board';
import { myGame } from '../model/my-game';
import './next-game-line.css';

/**
 * 你正在 2 號場 / 你下一場在 2 號場 (issue 21): the player's place on the session's rotation board,
 * live; nothing when the session has no board or the player is in no game and none of the next.
 */
export function NextGameLine({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const [me, setMe] = useState<string | null>(null);
  const source = useMemo(() => memberBoardSource(sessionId, setMe), [sessionId]);
  const { board } = useLiveBoard<RotationBoard>(sessionId, source);
  const game = board ? myGame(board, me) : null;
  if (!game) return null;
  const text =
    game.kind === 'onCourt'
      ? t('rotation.onCourt', { court: game.court })
      : game.court != null
        ? t('rotation.nextAt', { court: game.court })
        : t('rotation.nextAny');
  return (
    <p className={`next-game-line next-game-line--${game.kind}`} role="status" data-testid="next-game-line">
      <CourtIcon size={18} />
      {text}
    </p>
  );
}
