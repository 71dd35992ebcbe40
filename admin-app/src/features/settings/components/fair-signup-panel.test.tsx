import type { DefaultData } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { defaultData, profile } from '@/testing/fixtures';
import { FairSignupPanel } from './fair-signup-panel';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const data = {
  ...defaultData,
  signupMode: 'firstCome',
  lotteryMinutes: 10,
  waitlistOfferMinutes: 30,
  memberPriorityHours: 0,
  quietHours: { start: '23:00', end: '08:00' },
} as DefaultData;

const saved = (fetch: ReturnType<typeof routes>) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith('setting/updateDefault')) as unknown as
    | [string, RequestInit]
    | undefined;
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

describe('quiet hours of waitlist offers (docs/FAIR-SIGNUP.md)', () => {
  function renderPanel() {
    const fetch = stubFetch(routes({ 'setting/updateDefault': envelope(data) }));
    render(
      <MemoryRouter>
        <FairSignupPanel data={data} />
      </MemoryRouter>,
    );
    return fetch;
  }

  it('shows the hold rule and saves changed quiet hours', async () => {
    const fetch = renderPanel();
    expect(screen.getByTestId('offer-rule').textContent).toContain('60');
    fireEvent.change(screen.getByTestId('quiet-start'), { target: { value: '22:00' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(saved(fetch)).toMatchObject({ quietHours: { start: '22:00', end: '08:00' } }));
  });

  it('refuses equal times and saves nothing', async () => {
    const fetch = renderPanel();
    fireEvent.change(screen.getByTestId('quiet-end'), { target: { value: '23:00' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('請輸入兩個不同的時間')).toBeTruthy();
    expect(saved(fetch)).toBeUndefined();
  });

  it('turned off, saves null', async () => {
    const fetch = renderPanel();
    fireEvent.click(screen.getByRole('switch', { name: /夜間靜音時段/ }));
    expect(screen.queryByTestId('quiet-start')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(saved(fetch)).toMatchObject({ quietHours: null }));
  });
});
