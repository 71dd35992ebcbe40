import { describe, expect, it } from 'vitest';
import {
  activeFilterChips,
  activeFilterCount,
  clearFilters,
  EMPTY_FILTERS,
  removeChip,
  type SessionFilters,
  toggle,
  toQuery,
  withDate,
} from './filters';

const team = { team_id: 'team-daan-smash', team_name: '大安羽球同好會', amount_of_member: 12, is_in: true };

describe('session filters', () => {
  it('counts no active filter by default, whatever the status tab', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, status: 'open' })).toBe(0);
  });

  it('counts each panel filter once, however many values it holds', () => {
    const filters: SessionFilters = {
      status: 'open',
      regions: ['台北市', '新北市'],
      date: '2026-12-01',
      sort: 'priceLowToHigh',
      categories: ['casual', 'beginner'],
      team,
      teamName: '  大安 ',
    };
    expect(activeFilterCount(filters)).toBe(6);
    expect(activeFilterCount({ ...filters, teamName: '   ' })).toBe(5);
    expect(activeFilterCount({ ...filters, sort: 'none', regions: [] })).toBe(4);
  });

  it('clears every filter but keeps the chosen status tab', () => {
    const cleared = clearFilters({ ...EMPTY_FILTERS, status: 'ended', regions: ['台中市'], team, sort: 'latestFirst' });
    expect(cleared).toEqual({ ...EMPTY_FILTERS, status: 'ended' });
    expect(activeFilterCount(cleared)).toBe(0);
  });

  it('toggles values of a multi-select', () => {
    expect(toggle(['casual'], 'social')).toEqual(['casual', 'social']);
    expect(toggle(['casual', 'social'], 'casual')).toEqual(['social']);
  });

  it('builds the API query from the filters', () => {
    const query = toQuery(
      {
        status: 'open',
        regions: ['台北市'],
        date: null,
        sort: 'oldestFirst',
        categories: ['competitive'],
        team,
        teamName: ' 羽 ',
      },
      'cursor-1',
    );
    expect(query).toEqual({
      status: 'open',
      regions: ['台北市'],
      date: null,
      categories: ['competitive'],
      sort: 'oldestFirst',
      teamId: 'team-daan-smash',
      teamName: '羽',
      cursor: 'cursor-1',
      limit: 20,
    });
  });

  it('keeps price order to a chosen date, as the API does', () => {
    const priced = { ...EMPTY_FILTERS, date: '2026-12-05', sort: 'priceHighToLow' as const };
    expect(toQuery(priced).sort).toBe('priceHighToLow');
    expect(withDate(priced, '2026-12-06')).toEqual({ ...priced, date: '2026-12-06' });
    expect(withDate(priced, null)).toEqual({ ...priced, date: null, sort: 'none' });
    expect(withDate({ ...EMPTY_FILTERS, sort: 'latestFirst' }, null).sort).toBe('latestFirst');
    expect(toQuery({ ...priced, date: null }).sort).toBe('none');
  });
});

describe('filter chips', () => {
  it('lists every filter that is on, and each chip removes only its own', () => {
    const on: SessionFilters = {
      ...EMPTY_FILTERS,
      regions: ['台北市', '新北市'],
      date: '2026-12-05',
      sort: 'priceLowToHigh',
      categories: ['beginner'],
      teamName: ' 羽 ',
      level: 5,
    };
    const chips = activeFilterChips(on);
    expect(chips.map((c) => [c.kind, c.value])).toEqual([
      ['region', '台北市'],
      ['region', '新北市'],
      ['date', '2026-12-05'],
      ['sort', 'priceLowToHigh'],
      ['category', 'beginner'],
      ['teamName', '羽'],
      ['level', 5],
    ]);
    expect(chips).toHaveLength(activeFilterCount(on) + 1);
    expect(removeChip(on, chips[0]!).regions).toEqual(['新北市']);
    // Without its date a price order goes back to the default order.
    expect(removeChip(on, chips[2]!)).toMatchObject({ date: null, sort: 'none' });
    expect(removeChip(on, chips[6]!).level).toBeNull();
    expect(activeFilterChips(EMPTY_FILTERS)).toEqual([]);
  });

  it('starts on the upcoming tab', () => {
    expect(EMPTY_FILTERS.status).toBe('upcoming');
    expect(clearFilters({ ...EMPTY_FILTERS, status: 'ended', regions: ['台北市'] }).status).toBe('ended');
  });
});
