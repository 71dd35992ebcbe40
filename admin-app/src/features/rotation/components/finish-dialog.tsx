import type { RotationGame } from '@shuttle/shared';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sideNames } from '../model/board-view';

const points = (text: string): number | null => (/^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : null);

/** Ends the game on a court; the score is optional (`winnerStays` needs it to know who stays). */
export function FinishDialog({
  game,
  busy,
  onFinish,
  onClose,
}: {
  game: RotationGame | null;
  busy: boolean;
  onFinish: (score?: [number, number]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const separator = t('rotation.nameSeparator');
  const score = points(a) != null && points(b) != null ? ([points(a)!, points(b)!] as [number, number]) : null;
  const close = () => {
    setA('');
    setB('');
    onClose();
  };
  const finish = (withScore: boolean) => {
    onFinish(withScore && score ? score : undefined);
    setA('');
    setB('');
  };
  return (
    <Dialog
      open={game !== null}
      title={game ? t('rotation.finishTitle', { court: game.court }) : ''}
      onClose={close}
      variant="sheet"
      testId="finish-dialog"
      footer={
        <div className="button-stack">
          <button
            type="button"
            className="button button--primary button--block"
            disabled={busy || !score}
            onClick={() => finish(true)}
            data-testid="finish-with-score"
          >
            {t('rotation.finishWithScore')}
          </button>
          <button
            type="button"
            className="button button--outline button--block"
            disabled={busy}
            onClick={() => finish(false)}
            data-testid="finish-no-score"
          >
            {t('rotation.finishNoScore')}
          </button>
        </div>
      }
    >
      {game && (
        <fieldset className="finish-score">
          <legend className="field__label">{t('rotation.scoreOptional')}</legend>
          <ScoreInput
            label={t('rotation.scoreOf', { names: sideNames(game.teams[0], separator) })}
            value={a}
            onChange={setA}
            testId="score-0"
          />
          <ScoreInput
            label={t('rotation.scoreOf', { names: sideNames(game.teams[1], separator) })}
            value={b}
            onChange={setB}
            testId="score-1"
          />
        </fieldset>
      )}
    </Dialog>
  );
}

function ScoreInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <label className="finish-score__side">
      <span>{label}</span>
      <input
        className="input"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </label>
  );
}
