import { finalScores, type RotationGame, type ScoringPoints } from '@shuttle/shared';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinishResult } from '../api/rotation';
import { sideNames } from '../model/board-view';

/**
 * Ends the game on a court (docs/ON-COURT.md, "Scores"): one tap on the winning side, after
 * picking its final score if the admin wants one; the list offers only the scores that can end a
 * game of the board's scoring (winner's points first). Or it ends without a result.
 */
export function FinishDialog({
  game,
  scoring,
  busy,
  onFinish,
  onClose,
}: {
  game: RotationGame | null;
  scoring: ScoringPoints;
  busy: boolean;
  onFinish: (result?: FinishResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState('');
  const separator = t('rotation.nameSeparator');
  const scores = finalScores(scoring);
  const close = () => {
    setPicked('');
    onClose();
  };
  const finish = (result?: FinishResult) => {
    onFinish(result);
    setPicked('');
  };
  const won = (winner: 0 | 1) => {
    const score = scores[Number(picked)];
    if (picked === '' || !score) return finish({ winner });
    const [high, low] = score;
    finish({ winner, score: winner === 0 ? [high, low] : [low, high] });
  };
  return (
    <Dialog
      open={game !== null}
      title={game ? t('rotation.finishTitle', { court: game.court }) : ''}
      onClose={close}
      variant="sheet"
      testId="finish-dialog"
      footer={
        game && (
          <div className="button-stack">
            {([0, 1] as const).map((side) => (
              <button
                key={side}
                type="button"
                className="button button--primary button--block"
                disabled={busy}
                onClick={() => won(side)}
                data-testid={`winner-${side}`}
              >
                {t('rotation.sideWon', { names: sideNames(game.teams[side], separator) })}
              </button>
            ))}
            <button
              type="button"
              className="button button--outline button--block"
              disabled={busy}
              onClick={() => finish()}
              data-testid="finish-no-score"
            >
              {t('rotation.finishNoScore')}
            </button>
          </div>
        )
      }
    >
      {game && (
        <label className="field finish-score">
          <span className="field__label">{t('rotation.scoreOptional')}</span>
          <select className="input" value={picked} onChange={(e) => setPicked(e.target.value)} data-testid="score-pick">
            <option value="">{t('rotation.noScore')}</option>
            {scores.map(([high, low], i) => (
              <option key={`${high}-${low}`} value={String(i)}>
                {t('rotation.finalScore', { high, low })}
              </option>
            ))}
          </select>
          <span className="field__hint">{t('rotation.scoreHint', { points: scoring })}</span>
        </label>
      )}
    </Dialog>
  );
}
