import type { PaymentDetails, Settlement, ShuttleStock } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, failure, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const bodyOf = (fetch: { mock: { calls: unknown[][] } }, path: string) => {
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
  courtsFrom: 'board',
  closedAt: null,
  closedBy: null,
  reopenUntil: null,
  reopened: [],
};
const closed: Settlement = {
  ...open,
  status: 'closed',
  version: 2,
  closedAt: '2026-12-03T14:00:00.000Z',
  closedBy: '阿明',
  reopenUntil: '2026-12-04T14:00:00.000Z',
};

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
    expect(screen.getByTestId('settlement-closed').textContent).toContain('阿明');
    expect(screen.queryByTestId('settlement-save')).toBeNull();
    expect((screen.getByTestId('settlement-shuttlesUsed') as HTMLInputElement).disabled).toBe(true);
  });

  it('updates the totals and shares as figures are typed, before saving', async () => {
    stubFetch(routes({ 'settlement/get': envelope(open) }));
    renderPage(<SettlementPage sessionId="s1" />);
    expect((await screen.findByTestId('settlement-total')).textContent).toContain('NT$2,185');
    expect(screen.getByTestId('settlement-courts-board')).toBeTruthy();
    // 3 courts x 2 h x 350 = 2,100; + 585 + 200 = 2,885; / 4 present = 721.25, up to NT$730 each.
    fireEvent.change(screen.getByTestId('settlement-courts'), { target: { value: '3' } });
    expect(screen.getByTestId('settlement-total').textContent).toContain('NT$2,885');
    expect(screen.getByTestId('settlement-balance').textContent).toContain('−NT$2,485');
    expect(within(screen.getByTestId('settlement-shares')).getAllByText('NT$730')).toHaveLength(4);
  });

  it('asks again before closing a session that has not ended, then closes early', async () => {
    // Without `early` the server refuses a session that has not ended; with it, it closes.
    const answers = routes({ 'settlement/get': envelope(open), 'settlement/close': envelope(closed) });
    const fetch = stubFetch(
      vi.fn((url: string, init?: RequestInit) => {
        if (url.endsWith('settlement/close') && !JSON.parse(String(init?.body)).early) {
          const refusal = failure('SESSION_NOT_ENDED', 'not ended');
          return Promise.resolve(new Response(JSON.stringify(refusal), { status: 409 }));
        }
        return answers(url);
      }),
    );
    renderPage(<SettlementPage sessionId="s1" />);
    fireEvent.click(await screen.findByTestId('settlement-close'));
    fireEvent.click(screen.getByRole('button', { name: '確定結帳' }));
    expect((await screen.findByTestId('settlement-confirm')).textContent).toBe('場次尚未結束，確定要提前結帳嗎？');
    expect(screen.queryByTestId('settlement-closed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提前結帳' }));
    expect(await screen.findByTestId('settlement-closed')).toBeTruthy();
    expect(bodyOf(fetch, 'settlement/close')).toEqual({ sessionId: 's1', early: true });
  });

  it('lets a closed settlement be reopened within its 24 hours, and shows who reopened it', async () => {
    const now = Date.parse('2026-12-03T15:00:00.000Z');
    const reopened: Settlement = {
      ...open,
      version: 3,
      reopened: [{ by: '阿明', at: '2026-12-03T15:00:00.000Z' }],
    };
    const fetch = stubFetch(routes({ 'settlement/get': envelope(closed), 'settlement/reopen': envelope(reopened) }));
    const realNow = Date.now;
    Date.now = () => now;
    try {
      renderPage(<SettlementPage sessionId="s1" />);
      fireEvent.click(await screen.findByTestId('settlement-reopen'));
      expect((await screen.findByTestId('settlement-reopened')).textContent).toContain('阿明');
      expect(bodyOf(fetch, 'settlement/reopen')).toEqual({ sessionId: 's1' });
      expect(screen.getByTestId('settlement-save')).toBeTruthy();
    } finally {
      Date.now = realNow;
    }
  });

  it('offers no reopening after the 24 hours', async () => {
    stubFetch(routes({ 'settlement/get': envelope({ ...closed, reopenUntil: '2000-01-01T00:00:00.000Z' }) }));
    renderPage(<SettlementPage sessionId="s1" />);
    expect(await screen.findByTestId('settlement-closed')).toBeTruthy();
    expect(screen.queryByTestId('settlement-reopen')).toBeNull();
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

  it('names a stock below zero as a shortfall, never negative tubes', async () => {
    stubFetch(routes({ 'shuttles/get': envelope({ ...stock, shuttlesUsed: 41, shuttlesLeft: -5 }) }));
    renderPage(<StockPanel />);
    const left = await screen.findByTestId('stock-left');
    expect(left.textContent).toContain('短少 5 顆');
    expect(left.textContent).not.toMatch(/-\d/);
  });
});

describe('payment details', () => {
  it('saves the bank account and links', async () => {
    const empty: PaymentDetails = { bankCode: '', accountName: '', bankAccount: '', linePayUrl: '', jkoPayUrl: '' };
    const saved = { ...empty, bankCode: '812', accountName: '王小明', bankAccount: '001234567890' };
    const fetch = stubFetch(
      routes({
        'setting/getPaymentDetails': envelope({ ...empty, editable: 'yes' }),
        'setting/updatePaymentDetails': envelope({ ...saved, editable: 'yes' }),
      }),
    );
    renderPage(<PaymentDetailsPage />);
    // The bank is found by name; one match sets its code.
    fireEvent.change(await screen.findByTestId('pay-bank'), { target: { value: '台新' } });
    fireEvent.change(screen.getByTestId('pay-accountName'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByTestId('pay-bankAccount'), { target: { value: '001234567890' } });
    fireEvent.click(screen.getByTestId('pay-save'));
    await waitFor(() => expect(bodyOf(fetch, 'setting/updatePaymentDetails')).toEqual(saved));
  });
});
