import type { DefaultData } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { defaultData, profile } from '@/testing/fixtures';
import { OnCourtPanel } from './on-court-panel';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const data = { ...defaultData, scoring: 21, levelCheck: 'declared' } as DefaultData;

describe('on-court settings (docs/ON-COURT.md, "Level filters")', () => {
  it('shows what level ranges check and saves the rating choice with the scoring', async () => {
    const fetch = stubFetch(routes({ 'setting/updateDefault': envelope({ ...data, levelCheck: 'rating' }) }));
    render(
      <MemoryRouter>
        <OnCourtPanel data={data} />
      </MemoryRouter>,
    );
    const select = screen.getByLabelText('場次程度範圍依據') as HTMLSelectElement;
    expect(select.value).toBe('declared');
    expect([...select.options].map((o) => o.text)).toEqual(['自評等級', '比賽評分（已評分的球員）']);
    fireEvent.change(select, { target: { value: 'rating' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => {
      const call = fetch.mock.calls.find(([url]) => String(url).endsWith('setting/updateDefault')) as unknown as
        | [string, RequestInit]
        | undefined;
      expect(call && JSON.parse(String(call[1].body))).toMatchObject({ scoring: 21, levelCheck: 'rating' });
    });
  });
});
