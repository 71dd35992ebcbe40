import type { MemberProfile } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { clearLogin, setLogin } from '@/lib/auth';
import { HistoryView } from './history-view';

const stats = {
  totalSessions: 3,
  attended: 2,
  absent: 1,
  attendanceRate: 66.7,
  totalSpent: 600,
  averagePerSession: 200,
};
const teamStats = (teamId: string, teamName: string) => ({
  teamId,
  teamName,
  sessions: 2,
  attended: 1,
  attendanceRate: 50,
});
const history = {
  items: [],
  statistics: {
    ...stats,
    teams: [teamStats('team-daan', '大安羽球同好會'), teamStats('team-xinyi', '信義羽球隊')],
    last30Days: { ...stats, days: [] },
  },
};
const teamNames = [
  { team_id: 'team-daan', team_name: '大安羽球同好會', default_region: '', amount_of_member: 3, is_in: false },
  { team_id: 'team-xinyi', team_name: '信義羽球隊', default_region: '', amount_of_member: 8, is_in: true },
];

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
  setLogin('member-token', {} as MemberProfile);
});
afterEach(() => {
  removeQueries();
  clearLogin();
});

describe('the history team cards', () => {
  it('offer joining a team the player is not in, and mark the teams they are in', async () => {
    const fetch = stubFetch(
      routes({
        'checkState/history/getHistory': envelope(history),
        'checkState/static/getTeamName': envelope(teamNames),
        'checkState/member/joinTeam': envelope({ ...teamNames[0], membership: 'pending' }),
      }),
    );
    render(
      <MemoryRouter>
        <HistoryView />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getAllByTestId('team-card')).toHaveLength(2));
    const [daan, xinyi] = screen.getAllByTestId('team-card') as [HTMLElement, HTMLElement];
    expect(await within(xinyi).findByTestId('team-member')).toBeTruthy();
    expect(within(xinyi).queryByTestId('team-join')).toBeNull();

    const join = await within(daan).findByTestId('team-join');
    expect(join.textContent).toBe('加入球隊');
    fireEvent.click(join);
    expect((await within(daan).findByTestId('team-request-sent')).textContent).toBe('已送出申請');
    const call = fetch.mock.calls.find(([url]) => String(url).includes('checkState/member/joinTeam')) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(call[1].body))).toEqual({ teamId: 'team-daan' });
  });

  it('invites a first-timer to book instead of showing zeros and an empty chart', async () => {
    const zero = { totalSessions: 0, attended: 0, absent: 0, attendanceRate: 0, totalSpent: 0, averagePerSession: 0 };
    stubFetch(
      routes({
        'checkState/history/getHistory': envelope({
          items: [],
          statistics: { ...zero, teams: [], last30Days: { ...zero, days: [] } },
        }),
      }),
    );
    render(
      <MemoryRouter>
        <HistoryView />
      </MemoryRouter>,
    );
    const empty = await screen.findByTestId('history-empty');
    expect(empty.textContent).toContain('還沒有打球紀錄');
    expect(within(empty).getByRole('link', { name: '找場次' }).getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('stats-overall')).toBeNull();
    expect(screen.queryByTestId('last-30-days-chart')).toBeNull();
  });

  it('shows the last 30 days as one summary line over a chart with a labelled y axis', async () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      sessions: i === 3 ? 2 : 0,
      attended: i === 3 ? 1 : 0,
      spent: 0,
    }));
    stubFetch(
      routes({
        'checkState/history/getHistory': envelope({
          ...history,
          statistics: { ...history.statistics, teams: [], last30Days: { ...stats, days } },
        }),
      }),
    );
    render(
      <MemoryRouter>
        <HistoryView />
      </MemoryRouter>,
    );
    const recent = await screen.findByTestId('stats-30-days');
    expect(recent.textContent).toContain('近 30 天 3 場 · 出席 2 場');
    expect(within(recent).queryByRole('term')).toBeNull();
    const chart = screen.getByTestId('last-30-days-chart');
    expect(chart.getAttribute('aria-label')).toBe('近 30 天共 2 場，出席 1 場');
    expect([...chart.querySelectorAll('.chart__tick')].map((n) => n.textContent)).toEqual(['0', '2']);
  });
});

describe('the past sessions', () => {
  const past = (id: string, title: string, gamesPlayed?: number) => ({
    id,
    teamId: 'team-daan',
    teamName: '大安羽球同好會',
    title,
    venue: '大安運動中心',
    address: '',
    region: '台北市',
    categories: ['casual'],
    courts: 2,
    capacity: 12,
    price: 200,
    startsAt: '2026-11-04T11:00:00.000Z',
    endsAt: '2026-11-04T13:00:00.000Z',
    signupOpensAt: '2026-11-01T02:00:00.000Z',
    isPublic: true,
    bookingClosed: true,
    acceptedCount: 12,
    waitingCount: 0,
    remaining: 0,
    status: 'ended',
    startingSoon: false,
    attendance: 'attended',
    partySize: 1,
    ...(gamesPlayed === undefined ? {} : { gamesPlayed }),
  });

  it('says how many games the player played on a session that had a rotation board', async () => {
    stubFetch(
      routes({
        'checkState/history/getHistory': envelope({
          ...history,
          items: [past('s-board', '週三夜打', 4), past('s-plain', '週五練球')],
        }),
      }),
    );
    render(
      <MemoryRouter>
        <HistoryView />
      </MemoryRouter>,
    );
    await screen.findByText('週三夜打');
    const games = screen.getAllByTestId('history-games');
    // Only the session with a board says it; the other shows no count at all.
    expect(games.map((g) => g.textContent)).toEqual(['打了 4 場']);
    expect(games[0]!.closest('a')!.textContent).toContain('週三夜打');
  });

  it('lists a cancelled booking as 已取消, keeps a reported transfer with a note, and charges a guest', async () => {
    stubFetch(
      routes({
        'checkState/history/getHistory': envelope({
          ...history,
          items: [
            {
              ...past('s-cancelled', '週六早場'),
              attendance: null,
              cancelledAt: '2026-11-02T03:00:00.000Z',
              transferReported: { reference: '54321', at: '2026-11-01T03:00:00.000Z' },
            },
            { ...past('s-guest', '週日帶朋友'), partySize: 2 },
          ],
        }),
      }),
    );
    render(
      <MemoryRouter>
        <HistoryView />
      </MemoryRouter>,
    );
    const cancelled = (await screen.findByText('週六早場')).closest('a')!;
    expect(within(cancelled).getByTestId('history-cancelled').textContent).toBe('已取消');
    expect(within(cancelled).getByTestId('history-transfer').textContent).toBe(
      '你已回報轉帳（帳號末碼 54321），取消後請聯絡球隊處理退款。',
    );
    const guest = screen.getByText('週日帶朋友').closest('a')!;
    expect(guest.textContent).toContain('400 元');
    expect(within(guest).queryByTestId('history-cancelled')).toBeNull();
  });
});
