import { CloseIcon } from '@shuttle/shared/web/icons.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionPages } from '../api/use-session-pages';
import { activeFilterChips, clearFilters, type FilterChip, removeChip, type SessionFilters } from '../model/filters';

/** What one chip says: the same words as the panel's choice. */
function useChipLabel(): (chip: FilterChip) => string {
  const { t } = useTranslation();
  return (chip) => {
    switch (chip.kind) {
      case 'region':
        return t(`px.region.${chip.value}`);
      case 'category':
        return t(`category.${chip.value}`);
      case 'sort':
        return t(`sort.${chip.value}`);
      case 'level':
        return t('browseList.level', { level: chip.value });
      default:
        return chip.value;
    }
  };
}

/** The filters that are on, above the list; each chip removes its filter. */
export function FilterChips({
  filters,
  onChange,
}: {
  filters: SessionFilters;
  onChange: (next: SessionFilters) => void;
}) {
  const { t } = useTranslation();
  const label = useChipLabel();
  const chips = activeFilterChips(filters);
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label={t('browseList.activeFilters')} data-testid="filter-chips">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="chip chip--on"
            onClick={() => onChange(removeChip(filters, chip))}
            aria-label={t('browseList.removeFilter', { label: label(chip) })}
          >
            {label(chip)}
            <CloseIcon size={14} />
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="link-button" onClick={() => onChange(clearFilters(filters))}>
          {t('filters.clearAll')}
        </button>
      </li>
    </ul>
  );
}

/** Waits for typing to pause before a count is asked for. */
const COUNT_DELAY_MS = 300;

/**
 * 查看結果 with the number of sessions the chosen filters find ("查看 12 個結果"): the first
 * page of that list, which is the page the list then shows (same query, so no second read).
 * A list longer than a page says "20+".
 */
export function ApplyButton({
  draft,
  loggedIn,
  onApply,
}: {
  draft: SessionFilters;
  loggedIn: boolean;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState(draft);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(draft), COUNT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);
  const list = useSessionPages(settled, loggedIn);
  const page = settled === draft ? list.data : undefined;
  const label = !page
    ? t('filters.apply')
    : page.nextCursor
      ? t('browseList.showResultsMore', { count: page.items.length })
      : t('browseList.showResults', { count: page.items.length });
  return (
    <button type="button" className="button button--primary" onClick={onApply} data-testid="apply-filters">
      {label}
    </button>
  );
}
