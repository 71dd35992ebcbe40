import type { PaymentDetails, Settlement, ShuttleStock } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { PaymentDetailsPage } from './payment-details-page';
import { SettlementPage } from './settlement-page';
import { StockPanel } from './stock-panel';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const bodyOf = (fetch: ReturnType<typeof routes>, path: string) => {
  const call = fetch.mock.calls.findLast(([url]) => String(url).endsWith(path)) as unknown as [string, RequestInit];
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

const open: Settlement = {
  sessionId: 's1',
  status: 'open',
  version: 1,
  courts: 2,
  hours: 2,
  courtFeePerHour: 350,
  shuttlesUsed: 9,
  pricePerShuttle: 65,
  otherCosts: [{ label: '冷氣', amount: 200 }],
  split: 'perHead',
  costs: { courts: 1400, shuttles: 585, other: 200, total: 2185 },
  income: 400,
  incomeParts: { fees: 400, passes: 0 },
  balance: -1785,
  playersPresent: 4,
  shares: ['甲', '乙', '丙', '丁'].map((name, i) => ({ userId: `u${i}`, name, partySize: 1, amount: 550 })),
  closedAt: null,
};
const closed: Settlement = { ...open, status: 'closed', version: 2, closedAt: '2026-12-03T14:00:00.000Z' };

const renderPage = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('the settlement screen', () => {
  it('shows costs, balance and shares, saves changes and closes after a second tap', async () => {
    const fetch = stubFetch(
      routes({
        'settlement/get': envelope(open),
        'settlement/update': envelope({ ...open, shuttlesUsed: 12 }),
        'settlement/close': envelope(closed),
      }),
    );
    renderPage(<SettlementPage sessionId="s1" />);
    expect((await screen.findByTestId('settlement-total')).textContent).toContain('NT$2,185');
    expect(screen.getByTestId('settlement-balance').textContent).toContain('−NT$1,785');
    expect(screen.getAllByTestId('share-row')).toHaveLength(4);
    expect(within(screen.getByTestId('settlement-shares')).getAllByText('NT$550')).toHaveLength(4);

    fireEvent.change(screen.getByTestId('settlement-shuttlesUsed'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('settlement-save'));
    await waitFor(() =>
      expect(bodyOf(fetch, 'settlement/update')).toEqual({
        sessionId: 's1',
        courtFeePerHour: 350,
        courts: 2,
        shuttlesUsed: 12,
        pricePerShuttle: 65,
        otherCosts: [{ label: '冷氣', amount: 200 }],
        split: 'perHead',
      }),
    );

    // The first tap only asks; the second closes.
    fireEvent.click(screen.getByTestId('settlement-close'));
    expect(bodyOf(fetch, 'settlement/close')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: '確定結帳' }));
    expect(await screen.findByTestId('settlement-closed')).toBeTruthy();
    expect(bodyOf(fetch, 'settlement/close')).toEqual({ sessionId: 's1' });
    expect(screen.queryByTestId('settlement-save')).toBeNull();
    expect((screen.getByTestId('settlement-shuttlesUsed') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('shuttle stock', () => {
  const stock: ShuttleStock = {
    tubesBought: 3,
    shuttlesUsed: 9,
    shuttlesLeft: 27,
    pricePerShuttle: 65,
    lowStockTubes: 3,
    low: true,
    purchases: [{ at: '2026-12-01T02:00:00.000Z', tubes: 3, pricePerTube: 780 }],
  };

  it('warns when stock is low and records a purchase', async () => {
    const fetch = stubFetch(
      routes({
        'shuttles/get': envelope(stock),
        'shuttles/addPurchase': envelope({ ...stock, tubesBought: 5, shuttlesLeft: 51, low: false }),
      }),
    );
    renderPage(<StockPanel />);
    expect((await screen.findByTestId('stock-low')).textContent).toContain('27');
    fireEvent.change(screen.getByTestId('purchase-tubes'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('purchase-add'));
    await waitFor(() => expect(bodyOf(fetch, 'shuttles/addPurchase')).toEqual({ tubes: 2, pricePerTube: 780 }));
    await waitFor(() => expect(screen.queryByTestId('stock-low')).toBeNull());
  });
});

describe('payment details', () => {
  it('saves the bank account and links', async () => {
    const empty: PaymentDetails = { bankCode: '', bankAccount: '', linePayUrl: '', jkoPayUrl: '' };
    const saved = { ...empty, bankCode: '812', bankAccount: '001234567890' };
    const fetch = stubFetch(
      routes({
        'setting/getPaymentDetails': envelope({ ...empty, editable: 'yes' }),
        'setting/updatePaymentDetails': envelope({ ...saved, editable: 'yes' }),
      }),
    );
    renderPage(<PaymentDetailsPage />);
    fireEvent.change(await screen.findByTestId('pay-bankCode'), { target: { value: '812' } });
    fireEvent.change(screen.getByTestId('pay-bankAccount'), { target: { value: '001234567890' } });
    fireEvent.click(screen.getByTestId('pay-save'));
    await waitFor(() => expect(bodyOf(fetch, 'setting/updatePaymentDetails')).toEqual(saved));
  });
});
