import { LEVEL_MAX, LEVEL_MIN, levelBandOf } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import type { SectionProps } from './section-props';

const LEVELS = Array.from({ length: LEVEL_MAX - LEVEL_MIN + 1 }, (_, i) => LEVEL_MIN + i);

/** The player levels the session is for (1-18, the member app's level table); empty: everyone. */
export function LevelSection({ values, set, message }: SectionProps) {
  const { t } = useTranslation();
  const select = (name: 'levelMin' | 'levelMax', label: string) => (
    <div data-field={name}>
      <Field label={label} error={message(name)}>
        {(c) => (
          <select
            {...c}
            className="input"
            value={values[name] ?? ''}
            onChange={(e) => set(name, e.target.value)}
            data-testid={`create-${name}`}
          >
            <option value="">{t('money.level.any')}</option>
            {LEVELS.map((n) => (
              <option key={n} value={String(n)}>
                {t('money.level.option', { level: n, band: t(`moneyCsv.levelBand.${levelBandOf(n)}`) })}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
  return (
    <fieldset className="panel">
      <legend className="panel__title">{t('money.level.title')}</legend>
      <div className="form-grid">
        {select('levelMin', t('money.level.from'))}
        {select('levelMax', t('money.level.to'))}
      </div>
    </fieldset>
  );
}
