import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Members · Shuttle Admin' in the browser tab, so screen readers and history name the page. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
