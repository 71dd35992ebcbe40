import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { initialModalState, modalStore } from '@shuttle/shared/web/ui-store.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { defaultData, profile } from '@/testing/fixtures';
import { needsDefaultRegion, resetStartupCheck, useStartupCheck } from './startup-check';

function Probe({ teamId }: { teamId: string | null }) {
  useStartupCheck(teamId);
  return <output data-testid="where">{useLocation().pathname}</output>;
}

beforeEach(() => {
  resetStartupCheck();
  removeQueries();
  modalStore.set(initialModalState);
  authStore.set({ token: 'admin-token', profile, status: 'authenticated' });
});
afterEach(() => {
  clearLogin();
});

describe('admin start-up check', () => {
  it('treats an empty or blank default region as not set', () => {
    expect(needsDefaultRegion({ default_region: '' })).toBe(true);
    expect(needsDefaultRegion({ default_region: '  ' })).toBe(true);
    expect(needsDefaultRegion({ default_region: '台北市' })).toBe(false);
  });

  it('warns 尚未設定預設地點 and opens the location settings when the default region is empty', async () => {
    const fetch = stubFetch(routes({ 'get-default-data': envelope({ ...defaultData, default_region: '' }) }));
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe teamId="team-daan-smash" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/setting/location'));
    expect(modalStore.get()).toEqual({
      show: true,
      level: 'warning',
      title: '尚未設定預設地點',
      message: '請先設定預設地點 ( 設定 > 場地資訊設定 )',
    });
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('GET');
  });

  it('stays quiet when the team has a default region', async () => {
    const fetch = stubFetch(routes({ 'get-default-data': envelope(defaultData) }));
    render(
      <MemoryRouter initialEntries={['/members']}>
        <Probe teamId="team-daan-smash" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('where').textContent).toBe('/members');
    expect(modalStore.get().show).toBe(false);
  });

  it('runs once per team, not on every screen', async () => {
    const fetch = stubFetch(routes({ 'get-default-data': envelope(defaultData) }));
    const { rerender } = render(
      <MemoryRouter>
        <Probe teamId="team-a" />
      </MemoryRouter>,
    );
    rerender(
      <MemoryRouter>
        <Probe teamId="team-a" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    removeQueries();
    rerender(
      <MemoryRouter>
        <Probe teamId="team-b" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
