import {
  type Category,
  PAGE_SIZE_DEFAULT,
  type Region,
  type SessionListQueryInput,
  type SortOrder,
  type StatusFilter,
  type TeamNameItem,
} from '@shuttle/shared';

/** The filter panel's choices, plus the status category tab the list sits under. */
export interface SessionFilters {
  status: StatusFilter;
  regions: Region[];
  date: string | null;
  sort: SortOrder;
  categories: Category[];
  team: Pick<TeamNameItem, 'team_id' | 'team_name' | 'amount_of_member' | 'is_in'> | null;
  teamName: string;
  /** Only sessions for this player level (docs/MONEY.md); absent or null: any level. */
  level?: number | null;
}

export const EMPTY_FILTERS: SessionFilters = {
  status: 'upcoming',
  regions: [],
  date: null,
  sort: 'none',
  categories: [],
  team: null,
  teamName: '',
};

/** Filters in the panel that differ from their default; the status tab is not one of them. */
export function activeFilterCount(filters: SessionFilters): number {
  return [
    filters.regions.length > 0,
    filters.date !== null,
    filters.sort !== 'none',
    filters.categories.length > 0,
    filters.team !== null,
    filters.teamName.trim() !== '',
    Boolean(filters.level),
  ].filter(Boolean).length;
}

/** Clear all: every panel filter back to its default, the chosen status tab kept. */
export function clearFilters(filters: SessionFilters): SessionFilters {
  return { ...EMPTY_FILTERS, status: filters.status };
}

/** Price order applies within one day (the API refuses it without a date). */
export const isPriceSort = (sort: SortOrder) => sort === 'priceHighToLow' || sort === 'priceLowToHigh';

/** A new date, or none; without a date a price order goes back to the default order. */
export function withDate(filters: SessionFilters, date: string | null): SessionFilters {
  return { ...filters, date, sort: !date && isPriceSort(filters.sort) ? 'none' : filters.sort };
}

export function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

export function toQuery(filters: SessionFilters, cursor: string | null = null): SessionListQueryInput {
  return {
    status: filters.status,
    regions: filters.regions,
    date: filters.date,
    categories: filters.categories,
    sort: !filters.date && isPriceSort(filters.sort) ? 'none' : filters.sort,
    teamId: filters.team?.team_id ?? null,
    teamName: filters.teamName.trim(),
    ...(filters.level ? { level: filters.level } : {}),
    cursor,
    limit: PAGE_SIZE_DEFAULT,
  };
}

/** One filter that is on, as a removable chip of the list (issue 22: the list shows which are on). */
export type FilterChip =
  | { key: string; kind: 'region'; value: Region }
  | { key: string; kind: 'category'; value: Category }
  | { key: string; kind: 'date'; value: string }
  | { key: string; kind: 'sort'; value: SortOrder }
  | { key: string; kind: 'team'; value: string }
  | { key: string; kind: 'teamName'; value: string }
  | { key: string; kind: 'level'; value: number };

/** The chips of the filters that are on, in the panel's order; the status tab is not one. */
export function activeFilterChips(filters: SessionFilters): FilterChip[] {
  const chips: FilterChip[] = [
    ...filters.regions.map((value) => ({ key: `region:${value}`, kind: 'region' as const, value })),
  ];
  if (filters.date) chips.push({ key: 'date', kind: 'date', value: filters.date });
  if (filters.sort !== 'none') chips.push({ key: 'sort', kind: 'sort', value: filters.sort });
  for (const value of filters.categories) chips.push({ key: `category:${value}`, kind: 'category', value });
  if (filters.team) chips.push({ key: 'team', kind: 'team', value: filters.team.team_name });
  if (filters.teamName.trim()) chips.push({ key: 'teamName', kind: 'teamName', value: filters.teamName.trim() });
  if (filters.level) chips.push({ key: 'level', kind: 'level', value: filters.level });
  return chips;
}

/** The filters without one chip. */
export function removeChip(filters: SessionFilters, chip: FilterChip): SessionFilters {
  switch (chip.kind) {
    case 'region':
      return { ...filters, regions: filters.regions.filter((r) => r !== chip.value) };
    case 'category':
      return { ...filters, categories: filters.categories.filter((c) => c !== chip.value) };
    case 'date':
      return withDate(filters, null);
    case 'sort':
      return { ...filters, sort: 'none' };
    case 'team':
      return { ...filters, team: null };
    case 'teamName':
      return { ...filters, teamName: '' };
    case 'level':
      return { ...filters, level: null };
  }
}
