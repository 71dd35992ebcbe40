import { removeQueries } from '@shuttle/shared/web/query.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { EMPTY_FILTERS, type SessionFilters } from '../model/filters';
import { FilterPanel } from './filter-panel';

const teams = [
  {
    team_id: 'team-daan-smash',
    team_name: '大安羽球同好會',
    default_region: '台北市',
    amount_of_member: 18,
    is_in: true,
  },
  {
    team_id: 'team-banqiao-wings',
    team_name: '板橋羽翼隊',
    default_region: '新北市',
    amount_of_member: 15,
    is_in: false,
  },
];

function geolocationAnswering(outcome: { latitude: number; longitude: number } | { code: number }) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        'code' in outcome
          ? fail({ code: outcome.code } as GeolocationPositionError)
          : ok({ coords: outcome } as unknown as GeolocationPosition),
    },
  });
}

function renderPanel(filters: SessionFilters = EMPTY_FILTERS) {
  const onApply = vi.fn();
  render(<FilterPanel open filters={filters} loggedIn={false} onApply={onApply} onClose={() => undefined} />);
  return { onApply, panel: screen.getByTestId('filter-panel') };
}

/** A session of the list, as the API's contract has it. */
const summary = (id: string) => ({
  id,
  teamId: 'team-daan-smash',
  teamName: '大安羽球同好會',
  title: '週四晚場',
  venue: '大安運動中心',
  address: '台北市大安區',
  region: '台北市',
  categories: [],
  courts: 2,
  capacity: 12,
  price: 250,
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
  signupOpensAt: '2026-11-26T11:00:00.000Z',
  isPublic: true,
  bookingClosed: false,
  acceptedCount: 3,
  waitingCount: 0,
  remaining: 9,
  status: 'open',
  startingSoon: false,
});

/** Sessions each list query finds, and the list queries asked (their bodies). */
let found: { items: number; more: boolean } = { items: 0, more: false };
const listQueries: Record<string, unknown>[] = [];
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: 'OK', timestamp: new Date().toISOString(), data }));

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
  found = { items: 0, more: false };
  listQueries.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (!String(url).includes('getSessionList')) return Promise.resolve(ok(teams));
      listQueries.push(JSON.parse(String(init?.body ?? '{}')));
      const items = Array.from({ length: found.items }, (_, i) => summary(`s-${i}`));
      return Promise.resolve(ok({ items, nextCursor: found.more ? 'next' : null }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeQueries();
  // The position a test gave the browser goes with it (files share the environment: shared/build/vite.ts).
  delete (navigator as { geolocation?: Geolocation }).geolocation;
});

describe('filter panel', () => {
  it('collects region, date, sort, categories, team and team name, counting them', async () => {
    const { onApply, panel } = renderPanel({ ...EMPTY_FILTERS, status: 'open' });
    const clearAll = () => within(panel).getByRole('button', { name: /清除全部/ });
    expect(clearAll().textContent).toBe('清除全部');

    fireEvent.click(within(panel).getByRole('button', { name: '台中市' }));
    fireEvent.click(within(panel).getByRole('button', { name: '新竹縣' }));
    fireEvent.change(within(panel).getByLabelText('日期'), { target: { value: '2026-12-05' } });
    fireEvent.click(within(panel).getByLabelText('價格由高到低'));
    fireEvent.click(within(panel).getByRole('button', { name: '訓練' }));
    fireEvent.click(within(panel).getByRole('button', { name: '新手友善' }));
    await screen.findByRole('option', { name: /板橋羽翼隊/ });
    fireEvent.change(within(panel).getByLabelText('球隊'), { target: { value: 'team-banqiao-wings' } });
    fireEvent.change(within(panel).getByLabelText('球隊名稱'), { target: { value: '羽' } });
    expect(clearAll().textContent).toBe('清除全部 (6)');

    fireEvent.click(within(panel).getByRole('button', { name: '查看結果' }));
    expect(onApply).toHaveBeenCalledWith({
      status: 'open',
      regions: ['台中市', '新竹縣'],
      date: '2026-12-05',
      sort: 'priceHighToLow',
      categories: ['training', 'beginner'],
      team: teams[1],
      teamName: '羽',
    });
  });

  it('offers price order once a date is chosen, and says why', () => {
    const { onApply, panel } = renderPanel();
    const high = () => within(panel).getByLabelText('價格由高到低') as HTMLInputElement;
    expect(high().disabled).toBe(true);
    expect(within(panel).getByTestId('price-needs-date').textContent).toBe(
      '價格排序只比較同一天的場次，請先選擇日期。',
    );
    fireEvent.change(within(panel).getByLabelText('日期'), { target: { value: '2026-12-05' } });
    expect(high().disabled).toBe(false);
    expect(within(panel).queryByTestId('price-needs-date')).toBeNull();
    fireEvent.click(high());
    fireEvent.click(within(panel).getByRole('button', { name: '不限日期' }));
    expect(high().disabled).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: '查看結果' }));
    expect(onApply).toHaveBeenCalledWith({ ...EMPTY_FILTERS, sort: 'none' });
  });

  it('clears every filter at once', () => {
    const { onApply, panel } = renderPanel({
      ...EMPTY_FILTERS,
      regions: ['台北市'],
      categories: ['social'],
      sort: 'latestFirst',
    });
    fireEvent.click(within(panel).getByRole('button', { name: '清除全部 (3)' }));
    expect(within(panel).getByRole('button', { name: '台北市' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(panel).getByRole('button', { name: '查看結果' }));
    expect(onApply).toHaveBeenCalledWith(EMPTY_FILTERS);
  });

  it('says how many sessions the chosen filters find on 查看結果', async () => {
    found = { items: 12, more: false };
    const { onApply, panel } = renderPanel();
    const apply = await within(panel).findByRole('button', { name: '查看 12 個結果' });
    found = { items: 20, more: true };
    fireEvent.click(within(panel).getByRole('button', { name: '台中市' }));
    // The count follows the choice once it settles, asked with the chosen filters.
    expect(await within(panel).findByRole('button', { name: '查看 20+ 個結果' }, { timeout: 2000 })).toBeTruthy();
    expect(listQueries.at(-1)).toMatchObject({ regions: ['台中市'], status: 'upcoming' });
    fireEvent.click(within(panel).getByTestId('apply-filters'));
    expect(onApply).toHaveBeenCalledWith({ ...EMPTY_FILTERS, regions: ['台中市'] });
    expect(apply).toBeTruthy();
  });

  it('says sessions without a level range are open to all levels', () => {
    const { panel } = renderPanel();
    expect(within(panel).getByTestId('level-filter-hint').textContent).toBe('沒有設定程度的場次不限程度，也會列出。');
  });

  it('selects the region found from the position', async () => {
    geolocationAnswering({ latitude: 24.1477, longitude: 120.6736 });
    const { panel } = renderPanel();
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: '使用目前位置' }));
    });
    expect(await within(panel).findByText('已定位：台中市')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '台中市' }).getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    [{ code: 1 }, '無法取得定位權限，請至瀏覽器設定允許存取位置。'],
    [{ code: 3 }, '定位失敗，請手動選擇地區。'],
    [{ latitude: 35.68, longitude: 139.76 }, '無法判斷你所在的地區，請手動選擇。'],
  ])('explains a failed location (%o)', async (outcome, message) => {
    geolocationAnswering(outcome);
    const { panel } = renderPanel();
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: '使用目前位置' }));
    });
    expect((await within(panel).findByRole('alert')).textContent).toBe(message);
  });
});
