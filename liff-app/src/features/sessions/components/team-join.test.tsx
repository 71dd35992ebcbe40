import type { MemberProfile, SessionDetail, TeamMembershipState } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { clearLogin, setLogin } from '@/lib/auth';
import { mustJoinTeam } from './session-detail';
import { TeamJoin } from './team-join';

const sessionWith = (membership: TeamMembershipState | null, isPublic = false) =>
  ({
    id: 'session-1',
    teamId: 'team-daan',
    teamName: '大安羽球同好會',
    isPublic,
    myBooking: null,
    ...(membership ? { team: { membership, joinRule: 'approval' } } : {}),
  }) as unknown as SessionDetail;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          success: true,
          message: 'OK',
          timestamp: new Date().toISOString(),
          data: {
            team_id: 'team-daan',
            team_name: '大安羽球同好會',
            amount_of_member: 3,
            is_in: false,
            membership: 'pending',
          },
        }),
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  setLogin('member-token', {} as MemberProfile);
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeQueries();
  clearLogin();
});

describe('team join', () => {
  it('offers "members only — join <team>" in place of reserving a team-only session', async () => {
    const session = sessionWith('none');
    expect(mustJoinTeam(session)).toBe(true);
    render(<TeamJoin session={session} variant="bar" />);
    const button = screen.getByTestId('team-join');
    expect(button.textContent).toBe('限隊員 — 加入大安羽球同好會');
    fireEvent.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('checkState/member/joinTeam');
    expect(JSON.parse(String(init.body))).toEqual({ teamId: 'team-daan' });
  });

  it('shows "request sent" while pending, a member mark for members, and nothing when blocked', () => {
    const pending = render(<TeamJoin session={sessionWith('pending')} variant="bar" />);
    expect(screen.getByTestId('team-request-sent').textContent).toBe('已送出申請');
    expect(screen.queryByTestId('team-join')).toBeNull();
    pending.unmount();

    expect(mustJoinTeam(sessionWith('member'))).toBe(false);
    const member = render(<TeamJoin session={sessionWith('member')} variant="inline" />);
    expect(screen.getByTestId('team-member').textContent).toBe('隊員');
    member.unmount();

    expect(mustJoinTeam(sessionWith('blocked'))).toBe(false);
    const { container } = render(<TeamJoin session={sessionWith('blocked')} variant="inline" />);
    expect(container.textContent).toBe('');
  });

  it('offers a small join under the team name of a public session, and nothing to visitors', () => {
    expect(mustJoinTeam(sessionWith('none', true))).toBe(false);
    const inline = render(<TeamJoin session={sessionWith('none', true)} variant="inline" />);
    expect(screen.getByTestId('team-join').textContent).toBe('加入球隊');
    inline.unmount();
    const { container } = render(<TeamJoin session={sessionWith(null, true)} variant="inline" />);
    expect(container.textContent).toBe('');
  });
});
