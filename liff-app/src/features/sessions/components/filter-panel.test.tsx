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

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ success: true, message: 'OK', timestamp: new Date().toISOString(), data: teams }),
        ),
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeQueries();
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
    [{ latitude: 35.68, longitude: 139.76 }, '無法判斷您所在的地區，請手動選擇。'],
  ])('explains a failed location (%o)', async (outcome, message) => {
    geolocationAnswering(outcome);
    const { panel } = renderPanel();
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: '使用目前位置' }));
    });
    expect((await within(panel).findByRole('alert')).textContent).toBe(message);
  });
});
