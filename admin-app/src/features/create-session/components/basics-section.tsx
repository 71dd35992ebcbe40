import { CATEGORIES, type Category, TEXT_LIMITS } from '@shuttle/shared';
import { PressButtons } from '@shuttle/shared/web/choices.tsx';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import type { SectionProps } from './section-props';

/** Title, categories and notes. */
export function BasicsSection({ values, set, message }: SectionProps) {
  const { t } = useTranslation();
  const toggleCategory = (category: Category) =>
    set(
      'categories',
      values.categories.includes(category)
        ? values.categories.filter((c) => c !== category)
        : [...values.categories, category],
    );
  return (
    <fieldset className="panel">
      <legend className="panel__title">{t('create.basics')}</legend>
      <div data-field="title">
        <Field label={t('create.sessionTitle')} hint={t('create.titleHint')} error={message('title')}>
          {(c) => (
            <input
              {...c}
              className="input"
              maxLength={TEXT_LIMITS.sessionTitle}
              value={values.title}
              onChange={(e) => set('title', e.target.value)}
              data-testid="title-input"
            />
          )}
        </Field>
      </div>
      <div className="field" data-field="categories">
        <span className="field__label" id="categories-label">
          {t('session.categories')}
        </span>
        <fieldset className="chip-grid" aria-labelledby="categories-label">
          <PressButtons
            options={CATEGORIES}
            className="chip"
            label={(c) => t(`category.${c}`)}
            pressed={(c) => values.categories.includes(c)}
            onPress={toggleCategory}
          />
        </fieldset>
        {message('categories') && (
          <p className="field__error" role="alert">
            {message('categories')}
          </p>
        )}
      </div>
      <div data-field="notes">
        <Field label={t('session.notes')} error={message('notes')}>
          {(c) => (
            <textarea
              {...c}
              className="input textarea"
              rows={3}
              maxLength={TEXT_LIMITS.notes}
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
