import type { RotationAdminPlayer, RotationNextGame, RotationPlayerRef } from '@shuttle/shared';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queueOrder } from '../model/board-view';
import { GameTeams } from './game-teams';

interface Swapping {
  nextIndex: number;
  out: RotationPlayerRef;
}

/**
 * The coming games, each with the court it is promised to (or the first that frees). With
 * `onSwap` (the admin board) a tap on a player of a coming game opens a sheet of the queued
 * players to swap in (`rotation/swapNext`; a player of the other coming game changes places).
 * With `onStartOn` a coming game can be started on another free court instead (the admin's
 * override, `rotation/startNext` with `nextIndex`; docs/ON-COURT.md, "A court promise").
 */
export function NextGames({
  next,
  limit,
  players = [],
  busy = false,
  onSwap,
  freeCourts = [],
  onStartOn,
}: {
  next: RotationNextGame[];
  limit?: number;
  players?: RotationAdminPlayer[];
  busy?: boolean;
  onSwap?: (nextIndex: number, out: RotationPlayerRef, inPlayer: RotationAdminPlayer) => void;
  freeCourts?: number[];
  onStartOn?: (nextIndex: number, court: number) => void;
}) {
  const { t } = useTranslation();
  const [swapping, setSwapping] = useState<Swapping | null>(null);
  const shown = limit ? next.slice(0, limit) : next;
  const inGame = new Set(swapping ? next[swapping.nextIndex]?.teams.flat().map((p) => p.playerId) : []);
  const choices = queueOrder(players).filter((p) => p.queuePosition != null && !inGame.has(p.playerId));
  return (
    <section className="panel rotation-next" aria-labelledby="rotation-next-title" data-testid="rotation-next">
      <h2 className="panel__title" id="rotation-next-title">
        {t('rotation.next')}
      </h2>
      {shown.length === 0 ? (
        <p className="panel__empty">{t('rotation.nextEmpty')}</p>
      ) : (
        <ol className="rotation-next__list">
          {shown.map((game, nextIndex) => (
            <li
              key={game.teams
                .flat()
                .map((p) => p.playerId)
                .join(',')}
              className="rotation-next__game"
              data-testid="next-game"
            >
              <span className="rotation-next__court">
                {game.court != null ? t('rotation.court', { court: game.court }) : t('rotation.anyCourt')}
              </span>
              <GameTeams teams={game.teams} onPick={onSwap && ((out) => setSwapping({ nextIndex, out }))} />
              {onStartOn &&
                freeCourts
                  .filter((court) => court !== game.court)
                  .map((court) => (
                    <button
                      key={court}
                      type="button"
                      className="button button--outline button--small rotation-next__elsewhere"
                      disabled={busy}
                      onClick={() => onStartOn(nextIndex, court)}
                      data-testid="start-elsewhere"
                    >
                      {t('rotation.startElsewhere', { court })}
                    </button>
                  ))}
            </li>
          ))}
        </ol>
      )}
      {onSwap && shown.length > 0 && <p className="panel__text rotation-next__hint">{t('rotation.swapHint')}</p>}
      {onSwap && (
        <Dialog
          open={swapping !== null}
          title={swapping ? t('rotation.swapTitle', { name: swapping.out.name }) : ''}
          onClose={() => setSwapping(null)}
          variant="sheet"
          testId="swap-sheet"
        >
          <div className="button-stack">
            {choices.length === 0 && <p className="panel__empty">{t('rotation.noSwap')}</p>}
            {choices.map((p) => (
              <button
                key={p.playerId}
                type="button"
                className="button button--outline button--block"
                disabled={busy}
                onClick={() => {
                  if (swapping) onSwap(swapping.nextIndex, swapping.out, p);
                  setSwapping(null);
                }}
                data-testid="swap-in"
                data-user-id={p.userId}
              >
                {t('rotation.swapIn', { name: p.name, position: p.queuePosition })}
              </button>
            ))}
          </div>
        </Dialog>
      )}
    </section>
  );
}
