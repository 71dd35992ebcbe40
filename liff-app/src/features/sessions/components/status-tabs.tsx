import { STATUS_FILTERS, type StatusFilter } from '@shuttle/shared';
import { PressButtonGroup } from '@shuttle/shared/web/choices.tsx';
import { useTranslation } from 'react-i18next';

/** Home category tabs for session status: 全部場次 (default), 進行中, 報名中, 尚未開放, 已結束. */
export function StatusTabs({ value, onChange }: { value: StatusFilter; onChange: (status: StatusFilter) => void }) {
  const { t } = useTranslation();
  return (
    <PressButtonGroup
      groupClassName="status-tabs"
      legend={t('filters.statusLabel')}
      options={STATUS_FILTERS}
      className="status-tabs__item"
      label={(status) => t(`statusFilter.${status}`)}
      pressed={(status) => value === status}
      onPress={onChange}
    />
  );
}
