import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { defaultData, profile } from '@/testing/fixtures';
import { PrivateRulesPage } from './private-rules-page';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const bodyOf = (fetch: ReturnType<typeof routes>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path)) as unknown as [string, RequestInit];
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

describe('the join rule setting', () => {
  it('switches the team to approval on the team rules page', async () => {
    const fetch = stubFetch(
      routes({
        'get-default-data': envelope(defaultData),
        'setting/updateDefault': envelope({ ...defaultData, join_rule: 'approval' }),
      }),
    );
    render(
      <MemoryRouter>
        <PrivateRulesPage />
      </MemoryRouter>,
    );
    const approval = await screen.findByRole('button', { name: '審核' });
    expect(screen.getByRole('button', { name: '開放' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(approval);
    await waitFor(() => expect(bodyOf(fetch, 'setting/updateDefault')).toEqual({ join_rule: 'approval' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '審核' }).getAttribute('aria-pressed')).toBe('true'));
  });
});
