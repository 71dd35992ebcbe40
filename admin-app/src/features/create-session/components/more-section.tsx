import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { ToggleSwitch } from '@/components/toggle-switch';
import type { SectionProps } from './section-props';

/** The LINE group link and whether players outside the team see the session. */
export function MoreSection({ values, set, message }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="panel">
      <legend className="panel__title">{t('create.moreSection')}</legend>
      <div data-field="lineLink">
        <Field label={t('session.lineLink')} hint={t('create.lineHint')} error={message('lineLink')}>
          {(c) => (
            <input
              {...c}
              className="input"
              type="url"
              inputMode="url"
              value={values.lineLink}
              onChange={(e) => set('lineLink', e.target.value)}
            />
          )}
        </Field>
      </div>
      <ToggleSwitch
        checked={values.isPublic}
        onChange={(v) => set('isPublic', v)}
        label={t('detail.public')}
        description={values.isPublic ? t('detail.publicOn') : t('detail.publicOff')}
      />
    </fieldset>
  );
}
