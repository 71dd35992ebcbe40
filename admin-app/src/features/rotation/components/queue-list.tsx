import type { RotationAdminPlayer } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueOrder } from '../model/board-view';
import { type PlayerActions, PlayerSheet } from './player-sheet';

/**
 * Every player of the board with their state, games played, fixed partner and helper mark; a tap
 * on a player opens the player sheet (state, move up, fixed pair, helper).
 */
export function QueueList({
  players,
  helperUserId,
  busy,
  ...actions
}: PlayerActions & {
  players: RotationAdminPlayer[];
  helperUserId: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const names = new Map(players.map((p) => [p.playerId, p.name]));
  const [picked, setPicked] = useState<RotationAdminPlayer | null>(null);
  return (
    <section className="panel rotation-queue" aria-labelledby="rotation-queue-title">
      <h2 className="panel__title" id="rotation-queue-title">
        {t('rotation.queue')}
        <span className="count-pill">{players.filter((p) => p.state !== 'gone').length}</span>
      </h2>
      {players.length === 0 ? (
        <p className="panel__empty">{t('rotation.noPlayers')}</p>
      ) : (
        <ul className="queue-list">
          {queueOrder(players).map((player) => (
            <li key={player.playerId} className="queue-list__item">
              <button
                type="button"
                className={`queue-player queue-player--${player.state}`}
                onClick={() => setPicked(player)}
                aria-haspopup="dialog"
                data-testid="queue-player"
                data-user-id={player.userId}
                data-state={player.state}
              >
                <span className="queue-player__place" aria-hidden="true">
                  {player.queuePosition ?? ''}
                </span>
                <span className="queue-player__who">
                  <span className="queue-player__name">{player.name}</span>
                  <span className="queue-player__facts">
                    <span className={`queue-player__state queue-player__state--${player.state}`}>
                      {player.court != null
                        ? t('rotation.onCourt', { court: player.court })
                        : player.queuePosition != null
                          ? t('rotation.position', { position: player.queuePosition })
                          : t(`rotation.states.${player.state}`)}
                    </span>
                    <span>{t('rotation.games', { count: player.gamesPlayed })}</span>
                    {player.lockedWith && (
                      <span data-testid="pair-mark">
                        {t('rotation.pairedWith', { name: names.get(player.lockedWith) ?? '' })}
                      </span>
                    )}
                    {helperUserId === player.userId && (
                      <span className="queue-player__helper" data-testid="helper-mark">
                        {t('rotation.helper')}
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <PlayerSheet
        player={picked}
        players={players}
        helperUserId={helperUserId}
        busy={busy}
        onClose={() => setPicked(null)}
        {...actions}
      />
    </section>
  );
}
