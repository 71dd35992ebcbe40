import { RESULT_CORRECTION_MINUTES, type RotationLogEntry, type ScoringPoints } from '@shuttle/shared';
import { formatTime } from '@shuttle/shared/web/format.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinishResult } from '../api/rotation';
import { sideNames } from '../model/board-view';
import { FinishDialog } from './finish-dialog';

/** Whether a game finished at `finishedAt` can still be corrected at `now` (the server decides again). */
const correctable = (finishedAt: string, now: number) =>
  now - Date.parse(finishedAt) <= RESULT_CORRECTION_MINUTES * 60_000;

/**
 * The evening's finished games, the latest first (docs/ON-COURT.md, "Ratings", "The log"): each
 * game's court, time, sides and result; within 30 minutes of its finish 改結果 (the finish
 * dialog's winner and score) and 刪除結果 (`rotation/correctResult`).
 */
export function GameLog({
  log,
  scoring,
  busy,
  now,
  onCorrect,
}: {
  log: RotationLogEntry[];
  scoring: ScoringPoints;
  busy: boolean;
  /** The time the window is measured from (ms), passed in so a test sets it. */
  now: number;
  onCorrect: (gameNo: number, result: FinishResult | { remove: true }) => void;
}) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState<RotationLogEntry | null>(null);
  const separator = t('rotation.nameSeparator');
  const result = (entry: RotationLogEntry) => {
    if (entry.winner === null) return t('rotation.noResult');
    const names = sideNames(entry.teams[entry.winner], separator);
    if (!entry.score) return t('rotation.sideWon', { names });
    const [high, low] = [...entry.score].sort((a, b) => b - a) as [number, number];
    return `${t('rotation.sideWon', { names })} ${t('rotation.finalScore', { high, low })}`;
  };
  if (log.length === 0) return <p className="panel__empty">{t('rotation.logEmpty')}</p>;
  return (
    <>
      <ol className="game-log" data-testid="game-log">
        {[...log].reverse().map((entry) => (
          <li key={entry.gameNo} className="game-log__item" data-testid="log-entry" data-game-no={entry.gameNo}>
            <p className="game-log__head">
              {t('rotation.gameNo', { gameNo: entry.gameNo })} · {t('rotation.court', { court: entry.court })} ·{' '}
              {formatTime(entry.finishedAt)}
            </p>
            <p className="game-log__teams">
              {sideNames(entry.teams[0], separator)} {t('rotation.vs')} {sideNames(entry.teams[1], separator)}
            </p>
            <p className="game-log__result" data-testid="log-result">
              {result(entry)}
            </p>
            {correctable(entry.finishedAt, now) && (
              <div className="game-log__actions">
                <button
                  type="button"
                  className="button button--outline button--small"
                  disabled={busy}
                  onClick={() => setChanging(entry)}
                  data-testid="change-result"
                >
                  {t('rotation.changeResult')}
                </button>
                {entry.winner !== null && (
                  <button
                    type="button"
                    className="button button--small button--danger-outline"
                    disabled={busy}
                    onClick={() => onCorrect(entry.gameNo, { remove: true })}
                    data-testid="remove-result"
                  >
                    {t('rotation.removeResult')}
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      <p className="panel__text">{t('rotation.correctHint', { minutes: RESULT_CORRECTION_MINUTES })}</p>
      <FinishDialog
        game={changing && { court: changing.court, teams: changing.teams }}
        scoring={scoring}
        busy={busy}
        title={changing ? t('rotation.changeTitle', { gameNo: changing.gameNo }) : ''}
        noResultLabel={t('rotation.removeResult')}
        onClose={() => setChanging(null)}
        onFinish={(picked) => {
          const gameNo = changing?.gameNo;
          setChanging(null);
          if (gameNo !== undefined) onCorrect(gameNo, picked ?? { remove: true });
        }}
      />
    </>
  );
}
