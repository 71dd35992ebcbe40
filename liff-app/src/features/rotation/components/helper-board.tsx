import type { RotationBoard, RotationPlayer, RotationPlayerRef } from '@shuttle/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { helperFinish, helperSetPlayer, helperStartNext } from '../api/board';
import './helper-board.css';

/** Waiting players first (queue order), then those on court, then those resting; gone players are left out. */
function queueOf(players: RotationPlayer[]): RotationPlayer[] {
  const rank = (p: RotationPlayer) => p.queuePosition ?? (p.court != null ? 1000 : 2000);
  return players.filter((p) => p.state !== 'gone').sort((a, b) => rank(a) - rank(b));
}

/**
 * 小幫手 (docs/ON-COURT.md, "Rotation"): the board's helper runs the courts from the member app,
 * starting and ending games and letting players rest or come back. Players are named by their
 * board id (the helper never sees a user id); every change answers the board, shown at once. A
 * refused change (another phone was quicker) says so and reads the board again.
 */
export function HelperBoard({
  sessionId,
  board,
  onBoard,
  onRefused,
}: {
  sessionId: string;
  board: RotationBoard;
  onBoard: (board: RotationBoard) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async (change: () => Promise<RotationBoard>) => {
    setBusy(true);
    setFailed(false);
    try {
      onBoard(await change());
    } catch {
      setFailed(true);
      onRefused();
    } finally {
      setBusy(false);
    }
  };
  const names = (side: RotationPlayerRef[]) => side.map((p) => p.name).join(' · ');
  return (
    <section className="helper-board" aria-labelledby={titleId} data-testid="helper-board">
      <h2 className="helper-board__title" id={titleId}>
        {t('rotation.helper.title')}
      </h2>
      <ul className="helper-board__courts">
        {board.courts.map(({ court, game }) => (
          <li key={court} className="helper-board__court" data-testid="helper-court">
            <span className="helper-board__court-name">{t('rotation.helper.court', { court })}</span>
            {game ? (
              <span className="helper-board__game">
                <span>{names(game.teams[0])}</span>
                <span>{names(game.teams[1])}</span>
              </span>
            ) : (
              <span className="helper-board__game">{t('rotation.helper.free')}</span>
            )}
            {game ? (
              <button
                type="button"
                className="button button--outline"
                disabled={busy}
                onClick={() => void run(() => helperFinish(sessionId, court))}
                data-testid="helper-finish"
              >
                {t('rotation.helper.finish')}
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                disabled={busy || board.next.length === 0}
                onClick={() => void run(() => helperStartNext(sessionId, court))}
                data-testid="helper-start"
              >
                {t('rotation.helper.start')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <h3 className="helper-board__subtitle">{t('rotation.helper.queue')}</h3>
      <ul className="helper-board__queue">
        {queueOf(board.players).map((p) => (
          <li key={p.playerId} className="helper-board__player" data-testid="helper-player" data-player-id={p.playerId}>
            <span className="helper-board__place" aria-hidden="true">
              {p.queuePosition ?? ''}
            </span>
            <span className="helper-board__player-name">{p.name}</span>
            {p.court != null && (
              <span className="helper-board__player-state">{t('rotation.helper.court', { court: p.court })}</span>
            )}
            {p.court == null && (
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() =>
                  void run(() => helperSetPlayer(sessionId, p.playerId, p.state === 'resting' ? 'ready' : 'resting'))
                }
                data-testid={p.state === 'resting' ? 'helper-back' : 'helper-rest'}
              >
                {t(p.state === 'resting' ? 'rotation.helper.back' : 'rotation.helper.rest', { name: p.name })}
              </button>
            )}
          </li>
        ))}
      </ul>
      {failed && (
        <p className="helper-board__error" role="alert">
          {t('rotation.helper.failed')}
        </p>
      )}
    </section>
  );
}
