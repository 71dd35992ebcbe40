import { ROTATION_LIMITS, type RotationMode, type RotationRule } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BoardSetup {
  courts: number[];
  mode: RotationMode;
  rule: RotationRule;
}

const COURT_CHOICES = Array.from({ length: ROTATION_LIMITS.courtsMax }, (_, i) => i + 1);
const MODES: RotationMode[] = ['doubles', 'singles'];
const RULES: RotationRule[] = ['balanced', 'winnerStays'];

/** Courts (tap to pick, from the session's count), doubles or singles, and the rule. */
export function SetupForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
}: {
  initial: BoardSetup;
  busy: boolean;
  submitLabel: string;
  onSubmit: (setup: BoardSetup) => void;
}) {
  const { t } = useTranslation();
  const [courts, setCourts] = useState(initial.courts);
  const [mode, setMode] = useState(initial.mode);
  const [rule, setRule] = useState(initial.rule);
  const toggle = (court: number) =>
    setCourts((now) => (now.includes(court) ? now.filter((c) => c !== court) : [...now, court].sort((a, b) => a - b)));
  return (
    <form
      className="rotation-setup"
      data-testid="rotation-setup"
      onSubmit={(e) => {
        e.preventDefault();
        if (courts.length > 0) onSubmit({ courts, mode, rule });
      }}
    >
      <fieldset className="rotation-setup__group">
        <legend className="field__label">{t('rotation.courts')}</legend>
        <p className="field__hint">{t('rotation.courtsHint')}</p>
        <div className="court-picker">
          {COURT_CHOICES.map((court) => (
            <button
              key={court}
              type="button"
              className="court-picker__item"
              aria-pressed={courts.includes(court)}
              aria-label={t('rotation.court', { court })}
              onClick={() => toggle(court)}
              data-testid={`court-choice-${court}`}
            >
              {court}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="rotation-setup__group">
        <legend className="field__label">{t('rotation.mode')}</legend>
        <div className="segmented segmented--wide">
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              className="segmented__item"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {t(`rotation.modes.${m}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="rotation-setup__group">
        <legend className="field__label">{t('rotation.rule')}</legend>
        <div className="segmented segmented--wide">
          {RULES.map((r) => (
            <button
              key={r}
              type="button"
              className="segmented__item"
              aria-pressed={rule === r}
              onClick={() => setRule(r)}
              data-testid={`rule-${r}`}
            >
              {t(`rotation.rules.${r}`)}
            </button>
          ))}
        </div>
        <p className="field__hint">{t(`rotation.ruleHints.${rule}`)}</p>
      </fieldset>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy || courts.length === 0}
        data-testid="rotation-setup-submit"
      >
        {submitLabel}
      </button>
    </form>
  );
}
