import type { RotationBoard } from '@shuttle/shared';
import { CourtIcon } from '@shuttle/shared/web/icons.tsx';
import { useLiveBoard } from '@shuttle/shared/web/live-board.ts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MyPlace, memberBoardSource, setNotifyMe } from '../api/board';
import { myGame } from '../model/my-game';
import { HelperBoard } from './helper-board';
import './next-game-line.css';

/**
 * 你正在 2 號場 / 你下一場在 2 號場 (issue 21): the player's place on the session's rotation board,
 * live, and a player on the board may ask for one LINE push when they come up next
 * (docs/ON-COURT.md, "Up-next push"); the board's helper also runs the courts here. Nothing when
 * the session has no board or the player is neither on it nor its helper.
 */
export function NextGameLine({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const [mine, setMine] = useState<MyPlace>({ me: null, notifyMe: false, helper: false });
  const source = useMemo(() => memberBoardSource(sessionId, setMine), [sessionId]);
  const { board, accept, refresh } = useLiveBoard<RotationBoard>(sessionId, source);
  const game = board ? myGame(board, mine.me) : null;
  if (!board) return null;
  const helping = mine.helper && (
    <HelperBoard sessionId={sessionId} board={board} onBoard={accept} onRefused={refresh} />
  );
  if (!mine.me) return helping || null;
  const text = !game
    ? null
    : game.kind === 'onCourt'
      ? t('rotation.onCourt', { court: game.court })
      : game.court != null
        ? t('rotation.nextAt', { court: game.court })
        : t('rotation.nextAny');
  return (
    <>
      {text && (
        <p className={`next-game-line next-game-line--${game!.kind}`} role="status" data-testid="next-game-line">
          <CourtIcon size={18} />
          {text}
        </p>
      )}
      <NotifyMeSwitch sessionId={sessionId} on={mine.notifyMe} onChange={(on) => setMine({ ...mine, notifyMe: on })} />
      {helping}
    </>
  );
}

/** 輪到我時 LINE 通知我: the opt-in, saved at once; a failed save leaves it as it was and says so. */
function NotifyMeSwitch({
  sessionId,
  on,
  onChange,
}: {
  sessionId: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const toggle = async () => {
    setSaving(true);
    setFailed(false);
    try {
      onChange(await setNotifyMe(sessionId, !on));
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="next-game-notify">
      <span id={labelId} className="next-game-notify__label">
        {t('rotation.notifyMe.label')}
      </span>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        disabled={saving}
        onClick={toggle}
        data-testid="next-game-notify"
      >
        <span className="switch__thumb" />
      </button>
      {failed && (
        <span className="next-game-notify__error" role="alert">
          {t('rotation.notifyMe.failed')}
        </span>
      )}
    </div>
  );
}
