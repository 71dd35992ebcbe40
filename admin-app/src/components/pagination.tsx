import { ChevronLeftIcon, ChevronRightIcon } from '@shuttle/shared/web/icons.tsx';
import { useTranslation } from 'react-i18next';

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('common.pagination')}>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon size={16} />
        {t('common.previous')}
      </button>
      <span className="pagination__status" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </span>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  );
}
