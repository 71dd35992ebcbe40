import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { JoinRequests } from './join-requests';

beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
afterEach(() => {
  clearLogin();
  removeQueries();
});

const request = {
  userId: 'line_Uwaiting',
  name: '等待的球友',
  pictureUrl: '',
  requestedAt: '2026-12-01T02:00:00.000Z',
};
const bodyOf = (fetch: ReturnType<typeof routes>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path)) as unknown as [string, RequestInit];
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

describe('pending join requests', () => {
  it('lists the requests and approves one', async () => {
    const fetch = stubFetch(
      routes({
        'members/getJoinRequests': envelope({ items: [request] }),
        'members/approveJoin': envelope({ userId: request.userId, membership: 'member' }),
      }),
    );
    render(<JoinRequests />);
    const row = await screen.findByTestId('join-request');
    expect(row.textContent).toContain('等待的球友');
    expect(screen.getByText('入隊申請')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approve-join'));
    await waitFor(() => expect(bodyOf(fetch, 'members/approveJoin')).toEqual({ userId: request.userId }));
  });

  it('rejects a request, and shows nothing when there are none', async () => {
    const fetch = stubFetch(
      routes({
        'members/getJoinRequests': envelope({ items: [request] }),
        'members/rejectJoin': envelope({ userId: request.userId, membership: 'none' }),
      }),
    );
    const { unmount } = render(<JoinRequests />);
    fireEvent.click(await screen.findByTestId('reject-join'));
    await waitFor(() => expect(bodyOf(fetch, 'members/rejectJoin')).toEqual({ userId: request.userId }));
    unmount();
    removeQueries();

    stubFetch(routes({ 'members/getJoinRequests': envelope({ items: [] }) }));
    const { container } = render(<JoinRequests />);
    await new Promise((r) => setTimeout(r, 20));
    expect(container.textContent).toBe('');
  });
});
