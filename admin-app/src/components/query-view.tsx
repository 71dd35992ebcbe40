import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import type { UseQueryResult } from '@shuttle/shared/web/query.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading, error with retry, or the data: the three states every read screen has. */
export function QueryView<T>({
  query,
  children,
  loadingLabel,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  loadingLabel?: string;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.status === 'error') {
    return (
      <div className="error-box" role="alert">
        <p>{errorMessage(query.error)}</p>
        <button type="button" className="button button--outline button--small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <Spinner label={loadingLabel} />;
}
