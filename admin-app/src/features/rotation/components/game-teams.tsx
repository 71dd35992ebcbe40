import type { RotationGame, RotationPlayerRef } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';

/**
 * The two sides of a game, one over the other with 對 between (names and board ids only, docs/PRIVACY.md).
 * With `onPick` each name is a button (a coming game's player to swap out).
 */
export function GameTeams({
  teams,
  onPick,
}: Pick<RotationGame, 'teams'> & { onPick?: (player: RotationPlayerRef) => void }) {
  const { t } = useTranslation();
  const side = (players: RotationPlayerRef[]) => (
    <ul className="game-teams__side">
      {players.map((p) => (
        <li key={p.playerId}>
          {onPick ? (
            <button
              type="button"
              className="game-teams__pick"
              onClick={() => onPick(p)}
              aria-haspopup="dialog"
              aria-label={t('rotation.swapOut', { name: p.name })}
              data-testid="next-player"
              data-player-id={p.playerId}
            >
              {p.name}
            </button>
          ) : (
            p.name
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="game-teams" data-testid="game-teams">
      {side(teams[0])}
      <span className="game-teams__vs">{t('rotation.vs')}</span>
      {side(teams[1])}
    </div>
  );
}
