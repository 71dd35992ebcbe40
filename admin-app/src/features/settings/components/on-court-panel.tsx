import { type DefaultData, SCORING_POINTS, type ScoringPoints } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { updateDefault } from '../api/update-default';
import { preventDefault, SaveBar, useSaveSettings } from './default-data-form';

/**
 * The team's on-court settings (docs/ON-COURT.md, "Scores"): the points a game is played to,
 * which a new rotation board takes and its score entry follows.
 */
export function OnCourtPanel({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const [scoring, setScoring] = useState<ScoringPoints>(data.scoring);
  return (
    <form
      className="panel form"
      onSubmit={preventDefault(() => void save(() => updateDefault({ scoring })))}
      noValidate
      data-testid="on-court-settings"
    >
      <h2 className="panel__title">{t('onCourt.title')}</h2>
      <Field label={t('onCourt.scoring')} hint={t('onCourt.scoringHint')}>
        {(c) => (
          <select
            {...c}
            className="input input--narrow"
            value={scoring}
            onChange={(e) => setScoring(Number(e.target.value) as ScoringPoints)}
            data-testid="scoring"
          >
            {SCORING_POINTS.map((points) => (
              <option key={points} value={points}>
                {t('onCourt.points', { points })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SaveBar busy={busy} />
    </form>
  );
}
