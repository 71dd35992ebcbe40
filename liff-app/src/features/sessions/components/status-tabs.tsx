import { STATUS_FILTERS, type StatusFilter } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';

/** Home category tabs for session status: 全部場次 (default), 進行中, 報名中, 尚未開放, 已結束. */
export function StatusTabs({ value, onChange }: { value: StatusFilter; onChange: (status: StatusFilter) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="status-tabs">
      <legend className="sr-only">{t('filters.statusLabel')}</legend>
      {STATUS_FILTERS.map((status) => (
        <button
          key={status}
          type="button"
          className="status-tabs__item"
          aria-pressed={value === status}
          onClick={() => onChange(status)}
        >
          {t(`statusFilter.${status}`)}
        </button>
      ))}
    </fieldset>
  );
}
