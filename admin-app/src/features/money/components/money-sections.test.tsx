import type { OutstandingItem, RefundItem } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { MoneyPage } from './money-page';
import { OutstandingPanel } from './outstanding-panel';
import { RefundsPanel } from './refunds-panel';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const item = (over: Partial<OutstandingItem>): OutstandingItem => ({
  sessionId: 's1',
  title: '週三場',
  startsAt: '2026-11-20T11:00:00.000Z',
  userId: 'u1',
  name: '小明',
  partySize: 1,
  amount: 200,
  payment: { status: 'unpaid', amount: 200, method: null, paidAt: null },
  ended: true,
  passId: null,
  ...over,
});
const refund: RefundItem = {
  sessionId: 's1',
  title: '週三場',
  startsAt: '2026-11-20T11:00:00.000Z',
  userId: 'u9',
  name: '預付王',
  payment: {
    status: 'paid',
    amount: 150,
    paid: 200,
    refundDue: 50,
    method: 'transfer',
    paidAt: '2026-11-19T11:00:00.000Z',
  },
  refundDue: 50,
};
const reported = item({
  userId: 'r',
  name: '回報者',
  payment: {
    status: 'unpaid',
    amount: 200,
    method: null,
    paidAt: null,
    reported: { reference: '12345', at: '2026-11-20T12:00:00.000Z' },
  },
});
const outstanding = {
  items: [item({ userId: 'a', name: '阿一' }), reported],
  refunds: [refund],
  total: 400,
  overdue: 400,
};

const bodyOf = (fetch: { mock: { calls: unknown[][] } }, path: string) => {
  const call = fetch.mock.calls.findLast(([url]) => String(url).endsWith(path)) as unknown as [string, RequestInit];
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

describe('the 收費 page sections', () => {
  it('has a section nav a phone can jump with, to every section', async () => {
    stubFetch(routes({ 'payments/getOutstanding': envelope(outstanding) }));
    render(<MoneyPage stock={<p>stock</p>} />);
    const nav = screen.getByRole('navigation', { name: '收費頁區段' });
    const targets = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['未付款', '待確認', '待退款', '季打', '羽球庫存', '未到', '匯出']);
    // Every link lands on an element of the page.
    for (const href of targets) expect(document.querySelector(href), href).not.toBeNull();
  });

  it('filters the list to 已回報，待確認: only the reported transfers', async () => {
    stubFetch(routes({ 'payments/getOutstanding': envelope(outstanding) }));
    render(<OutstandingPanel />);
    expect(await screen.findAllByTestId('outstanding-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '已回報，待確認' }));
    const rows = within(screen.getByTestId('outstanding-reported')).getAllByTestId('outstanding-row');
    expect(rows.map((r) => r.getAttribute('data-user-id'))).toEqual(['r']);
    expect(screen.getByTestId('confirm-transfer').textContent).toContain('12345');
  });

  it('lists refunds due and settles one as credit', async () => {
    const fetch = stubFetch(
      routes({
        'payments/getOutstanding': envelope(outstanding),
        'payments/settleRefund': envelope({ sessionId: 's1', userId: 'u9', payment: refund.payment }),
      }),
    );
    render(<RefundsPanel />);
    const row = await screen.findByTestId('refund-row');
    expect(row.textContent).toContain('預付王');
    expect(row.textContent).toContain('50');
    fireEvent.click(within(row).getByTestId('refund-credit'));
    await waitFor(() =>
      expect(bodyOf(fetch, 'payments/settleRefund')).toEqual({ sessionId: 's1', userId: 'u9', as: 'credit' }),
    );
  });
});
