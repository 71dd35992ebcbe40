import type { OutstandingItem } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TableWrap } from '@/components/table-wrap';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { OutstandingPanel } from './outstanding-panel';

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

describe('the 收費 list', () => {
  it('says what it counts and separates overdue debts, sessions to come and pass-covered rows', async () => {
    stubFetch(
      routes({
        'payments/getOutstanding': envelope({
          items: [
            item({ userId: 'a', name: '阿一' }),
            item({ userId: 'b', name: '阿二', sessionId: 's2', ended: false, amount: 300 }),
            item({ userId: 'c', name: '阿三', sessionId: 's2', ended: false, passId: 'p1' }),
          ],
          refunds: [],
          total: 500,
          overdue: 200,
        }),
      }),
    );
    render(<OutstandingPanel />);
    const overdue = await screen.findByTestId('outstanding-overdue');
    expect(
      within(overdue)
        .getAllByTestId('outstanding-row')
        .map((r) => r.dataset.userId),
    ).toEqual(['a']);
    expect(overdue.textContent).toContain('已結束未付');
    const upcoming = screen.getByTestId('outstanding-upcoming');
    expect(
      within(upcoming)
        .getAllByTestId('outstanding-row')
        .map((r) => r.dataset.userId),
    ).toEqual(['b']);
    expect(upcoming.textContent).toContain('300');
    const covered = screen.getByTestId('outstanding-covered');
    expect(
      within(covered)
        .getAllByTestId('outstanding-row')
        .map((r) => r.dataset.userId),
    ).toEqual(['c']);
    expect(screen.getByTestId('outstanding-counts').textContent).toContain('含未來場次');
    expect(screen.getByTestId('outstanding-total').textContent).toContain('2 筆');
  });

  it('confirming a row offers 復原, which calls payments/markUnpaid', async () => {
    const fetch = stubFetch(
      routes({
        'payments/getOutstanding': envelope({
          items: [item({ userId: 'a', name: '阿一' })],
          refunds: [],
          total: 200,
          overdue: 200,
        }),
        'payments/markPaid': envelope({
          sessionId: 's1',
          userId: 'a',
          payment: { status: 'paid', amount: 200, method: 'cash', paidAt: '2026-11-21T00:00:00.000Z' },
        }),
        'payments/markUnpaid': envelope({
          sessionId: 's1',
          userId: 'a',
          payment: { status: 'unpaid', amount: 200, method: null, paidAt: null },
        }),
      }),
    );
    render(<OutstandingPanel />);
    fireEvent.click(await screen.findByTestId('outstanding-cash'));
    const toast = await screen.findByTestId('undo-toast');
    expect(toast.textContent).toContain('阿一');
    fireEvent.click(within(toast).getByRole('button', { name: '復原' }));
    await waitFor(() => expect(screen.queryByTestId('undo-toast')).toBeNull());
    const undo = fetch.mock.calls.find(([url]) => String(url).endsWith('payments/markUnpaid')) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(undo[1].body))).toMatchObject({ sessionId: 's1', userId: 'a' });
  });
});

describe('a wide table on a phone', () => {
  it('says it scrolls sideways while it is wider than its box, and not otherwise', () => {
    const widths = { scroll: 680, client: 358 };
    const scrollWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth');
    const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => widths.scroll });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => widths.client });
    try {
      const table = (
        <TableWrap label="營收">
          <table>
            <tbody>
              <tr>
                <td>1</td>
              </tr>
            </tbody>
          </table>
        </TableWrap>
      );
      const { unmount } = render(table);
      expect(screen.getByTestId('table-scroll-hint').textContent).toContain('左右滑動');
      unmount();
      widths.client = 900;
      render(table);
      expect(screen.queryByTestId('table-scroll-hint')).toBeNull();
    } finally {
      if (scrollWidth) Object.defineProperty(HTMLElement.prototype, 'scrollWidth', scrollWidth);
      if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
    }
  });
});
