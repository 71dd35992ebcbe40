import type { RotationGame } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';
import { GameTeams } from './game-teams';

/**
 * One court of the board: the game on it with 結束, or 空場 with 開始下一場 (both at least 48 px
 * high, reachable with a thumb, docs/PLAYER-EXPERIENCE.md "For admins").
 */
export function CourtTile({
  court,
  game,
  canStart,
  busy,
  onStart,
  onFinish,
}: {
  court: number;
  game: RotationGame | null;
  canStart: boolean;
  busy: boolean;
  onStart: () => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className={`court-tile${game ? ' court-tile--busy' : ''}`} data-testid="court-tile" data-court={court}>
      <h3 className="court-tile__name">{t('rotation.court', { court })}</h3>
      {game ? <GameTeams teams={game.teams} /> : <p className="court-tile__free">{t('rotation.free')}</p>}
      {game ? (
        <button
          type="button"
          className="button button--outline court-tile__action"
          onClick={onFinish}
          disabled={busy}
          aria-label={t('rotation.finishOn', { court })}
          data-testid="finish-game"
        >
          {t('rotation.finish')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary court-tile__action"
          onClick={onStart}
          disabled={busy || !canStart}
          aria-label={t('rotation.startOn', { court })}
          data-testid="start-next"
        >
          {t('rotation.startNext')}
        </button>
      )}
    </li>
  );
}
