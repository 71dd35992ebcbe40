import { LEVEL_MAX, LEVEL_MIN, levelBandOf } from '@shuttle/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const LEVELS = Array.from({ length: LEVEL_MAX - LEVEL_MIN + 1 }, (_, i) => LEVEL_MIN + i);

/** The filter panel's level choice: sessions whose level range holds it (docs/MONEY.md). */
export function LevelFilter({ value, onChange }: { value: number | null; onChange: (level: number | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const hint = useId();
  return (
    <div className="filter-group">
      <label htmlFor={id} className="filter-group__label">
        {t('money.levelFilter')}
      </label>
      <select
        id={id}
        className="input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        aria-describedby={hint}
        data-testid="level-filter"
      >
        <option value="">{t('money.anyLevel')}</option>
        {LEVELS.map((n) => (
          <option key={n} value={n}>
            {t('money.levelOption', { level: n, band: t(`money.band.${levelBandOf(n)}`) })}
          </option>
        ))}
      </select>
      <p id={hint} className="filter-note" data-testid="level-filter-hint">
        {t('browseList.levelHint')}
      </p>
    </div>
  );
}
