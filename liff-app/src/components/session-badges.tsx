import type { Category } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';

export function CategoryChips({ categories }: { categories: readonly Category[] }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <ul className="chip-list" aria-label={t('session.categories')}>
      {categories.map((category) => (
        <li key={category} className={`tag tag--${category}`}>
          {t(`category.${category}`)}
        </li>
      ))}
    </ul>
  );
}
