import { ChevronLeftIcon } from '@shuttle/shared/web/icons.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Title bar of an inner page; back returns to the previous screen, or `fallback` on a deep link. */
export function PageHeader({
  title,
  fallback = '/',
  actions,
}: {
  title: string;
  fallback?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <header className="page-header">
      <button type="button" className="icon-button" onClick={back} aria-label={t('common.back')}>
        <ChevronLeftIcon size={24} />
      </button>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__actions">{actions}</div>
    </header>
  );
}
