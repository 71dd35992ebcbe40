import type { SettlementMonth } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, stubFetch } from '@shuttle/shared/web/testing.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { SettlementMonthCard } from './settlement-month';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const closedSession = (n: number, costs: number, income: number) => ({
  sessionId: `s${n}`,
  title: `週三場 ${n}`,
  startsAt: `2026-11-0${n}T11:00:00.000Z`,
  costs,
  income,
  balance: income - costs,
  closedAt: `2026-11-0${n}T14:00:00.000Z`,
});
const november: SettlementMonth = {
  month: '2026-11',
  sessions: [closedSession(4, 2185, 1600), closedSession(5, 1800, 2400), closedSession(6, 1500, 1300)],
  total: { costs: 5485, income: 5300, balance: -185 },
};
const december: SettlementMonth = {
  month: '2026-12',
  sessions: [closedSession(2, 1000, 1450)],
  total: { costs: 1000, income: 1450, balance: 450 },
};

/** Answers `settlement/month` for the month asked; anything else is a 404. */
const settlementApi = () =>
  vi.fn((url: string, init?: RequestInit) => {
    const { month } = JSON.parse(String(init?.body ?? '{}')) as { month?: string };
    const data = { '2026-11': november, '2026-12': december }[month ?? ''];
    const ok = url.endsWith('settlement/month') && data;
    return Promise.resolve(
      new Response(JSON.stringify(ok ? envelope(data) : { success: false }), { status: ok ? 200 : 404 }),
    );
  });

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

describe('本月結算 on the reports screen', () => {
  it("shows the selected month's closed settlements, costs, income and a deficit, and follows the month", async () => {
    const fetch = stubFetch(settlementApi());
    const { rerender } = render(<SettlementMonthCard month="2026-11" />);
    expect(screen.getByTestId('settlement-month').textContent).toContain('本月結算');
    await waitFor(() => expect(text('settlement-month-closed')).toMatch(/場次3$/));
    expect(text('settlement-month-costs')).toContain('5,485 元');
    expect(text('settlement-month-income')).toContain('5,300 元');
    expect(text('settlement-month-balance')).toContain('−185 元');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/settlement\/month$/);
    expect(JSON.parse(String(init.body))).toEqual({ month: '2026-11' });

    rerender(<SettlementMonthCard month="2026-12" />);
    await waitFor(() => expect(text('settlement-month-balance')).toContain('450 元'));
    expect(text('settlement-month-balance')).not.toContain('−');
    expect(text('settlement-month-closed')).toMatch(/場次1$/);
    expect(text('settlement-month-costs')).toContain('1,000 元');
    expect(text('settlement-month-income')).toContain('1,450 元');
    expect(fetch.mock.calls.map(([, i]) => JSON.parse(String(i?.body)).month)).toEqual(['2026-11', '2026-12']);
  });
});
