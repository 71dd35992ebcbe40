import { ChevronLeftIcon } from '@shuttle/shared/web/icons.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The h1 of a screen, with an optional way back and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: string;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <header className="page-header">
      <div className="page-header__text">
        {back && (
          <Link to={back} className="page-header__back">
            <ChevronLeftIcon size={18} />
            {t('common.back')}
          </Link>
        )}
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
