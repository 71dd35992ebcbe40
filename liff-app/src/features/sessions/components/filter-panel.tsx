import { CATEGORIES, REGIONS, SORT_ORDERS, TEXT_LIMITS } from '@shuttle/shared';
import { PressButtons, RadioOptions } from '@shuttle/shared/web/choices.tsx';
import { Dialog } from '@shuttle/shared/web/dialog.tsx';
import { LocateIcon } from '@shuttle/shared/web/icons.tsx';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LocateFailure, LocateRegionError, locateRegion } from '@/lib/geo/locate-region';
import { useTeamNames } from '../api/get-team-names';
import { activeFilterCount, clearFilters, isPriceSort, type SessionFilters, toggle, withDate } from '../model/filters';
import { ApplyButton } from './filter-results';
import { LevelFilter } from './level-filter';

const LOCATE_MESSAGES = {
  denied: 'location.denied',
  unknownRegion: 'location.unknownRegion',
  failed: 'location.failed',
} as const satisfies Record<LocateFailure, string>;

interface FilterPanelProps {
  open: boolean;
  filters: SessionFilters;
  loggedIn: boolean;
  onApply: (filters: SessionFilters) => void;
  onClose: () => void;
}

/** Region (with automatic location), date, sort, categories, team and team name. */
export function FilterPanel({ open, filters, loggedIn, onApply, onClose }: FilterPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const [locating, setLocating] = useState(false);
  const [locateNote, setLocateNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  // The team list is asked for when the panel first opens, not beside the first session list.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const teams = useTeamNames(loggedIn, opened);
  const ids = { date: useId(), team: useId(), teamName: useId(), priceNote: useId() };

  useEffect(() => {
    if (open) {
      setDraft(filters);
      setLocateNote(null);
    }
  }, [open, filters]);

  const locate = async () => {
    setLocating(true);
    setLocateNote(null);
    try {
      const region = await locateRegion();
      setDraft((d) => ({ ...d, regions: d.regions.includes(region) ? d.regions : [...d.regions, region] }));
      setLocateNote({ tone: 'ok', text: t('location.found', { region: t(`px.region.${region}`) }) });
    } catch (error) {
      const reason = error instanceof LocateRegionError ? error.reason : 'failed';
      setLocateNote({ tone: 'error', text: t(LOCATE_MESSAGES[reason]) });
    } finally {
      setLocating(false);
    }
  };

  const count = activeFilterCount(draft);
  return (
    <Dialog
      open={open}
      title={t('filters.title')}
      onClose={onClose}
      variant="sheet"
      testId="filter-panel"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => setDraft(clearFilters(draft))}>
            {t('filters.clearAll')}
            {count > 0 && ` (${count})`}
          </button>
          {open && <ApplyButton draft={draft} loggedIn={loggedIn} onApply={() => onApply(draft)} />}
        </>
      }
    >
      <fieldset className="filter-group">
        <legend>{t('filters.region')}</legend>
        <button type="button" className="button button--outline button--small" onClick={locate} disabled={locating}>
          <LocateIcon size={18} />
          {locating ? t('location.locating') : t('location.useMyLocation')}
        </button>
        {locateNote && (
          <p
            className={`filter-note filter-note--${locateNote.tone}`}
            role={locateNote.tone === 'error' ? 'alert' : 'status'}
          >
            {locateNote.text}
          </p>
        )}
        <div className="chip-grid">
          <PressButtons
            options={REGIONS}
            className="chip"
            label={(region) => t(`px.region.${region}`)}
            pressed={(region) => draft.regions.includes(region)}
            onPress={(region) => setDraft((d) => ({ ...d, regions: toggle(d.regions, region) }))}
          />
        </div>
      </fieldset>

      <div className="filter-group">
        <label htmlFor={ids.date} className="filter-group__label">
          {t('filters.date')}
        </label>
        <div className="input-row">
          <input
            id={ids.date}
            type="date"
            className="input"
            value={draft.date ?? ''}
            onChange={(event) => setDraft((d) => withDate(d, event.target.value || null))}
          />
          {draft.date && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setDraft((d) => withDate(d, null))}
            >
              {t('filters.anyDate')}
            </button>
          )}
        </div>
      </div>

      <fieldset className="filter-group" aria-describedby={draft.date ? undefined : ids.priceNote}>
        <legend>{t('filters.sort')}</legend>
        {!draft.date && (
          <p id={ids.priceNote} className="filter-note" data-testid="price-needs-date">
            {t('filters.priceNeedsDate')}
          </p>
        )}
        <div className="radio-list">
          <RadioOptions
            options={SORT_ORDERS}
            className="radio"
            label={(sort) => t(`sort.${sort}`)}
            name="sort"
            value={draft.sort}
            onChange={(sort) => setDraft((d) => ({ ...d, sort }))}
            disabled={(sort) => isPriceSort(sort) && !draft.date}
          />
        </div>
      </fieldset>

      <fieldset className="filter-group">
        <legend>{t('filters.categories')}</legend>
        <div className="chip-grid">
          <PressButtons
            options={CATEGORIES}
            className="chip"
            label={(category) => t(`category.${category}`)}
            pressed={(category) => draft.categories.includes(category)}
            onPress={(category) => setDraft((d) => ({ ...d, categories: toggle(d.categories, category) }))}
          />
        </div>
      </fieldset>

      <div className="filter-group">
        <label htmlFor={ids.team} className="filter-group__label">
          {t('filters.team')}
        </label>
        <select
          id={ids.team}
          className="input"
          value={draft.team?.team_id ?? ''}
          onChange={(event) => {
            const team = teams.data?.find((x) => x.team_id === event.target.value) ?? null;
            setDraft((d) => ({ ...d, team }));
          }}
        >
          <option value="">{t('filters.anyTeam')}</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.team_id} value={team.team_id}>
              {t('filters.teamOption', { name: team.team_name, count: team.amount_of_member })}
              {team.is_in ? ` · ${t('filters.joined')}` : ''}
            </option>
          ))}
        </select>
      </div>

      <div className="filter-group">
        <label htmlFor={ids.teamName} className="filter-group__label">
          {t('filters.teamName')}
        </label>
        <input
          id={ids.teamName}
          type="search"
          className="input"
          maxLength={TEXT_LIMITS.nameSearch}
          placeholder={t('filters.teamNamePlaceholder')}
          value={draft.teamName}
          onChange={(event) => setDraft((d) => ({ ...d, teamName: event.target.value }))}
        />
      </div>

      <LevelFilter value={draft.level ?? null} onChange={(level) => setDraft((d) => ({ ...d, level }))} />
    </Dialog>
  );
}
