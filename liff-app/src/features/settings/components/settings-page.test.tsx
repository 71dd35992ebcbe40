import type { MemberProfile } from '@shuttle/shared';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { authStore, clearLogin } from '@/lib/auth';
import { SettingsPage } from './settings-page';

const profile: MemberProfile = {
  userId: '',
  displayName: '王小明',
  pictureUrl: '',
  email: null,
  emailVerified: false,
  language: null,
  isAdmin: false,
  isTeamLeader: false,
  provider: 'line',
};

function renderAs(member: MemberProfile | null) {
  if (member) authStore.set({ token: 't', profile: member, status: 'authenticated' });
  else clearLogin();
  return render(
    <MemoryRouter>
      <SettingsPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setRuntimeConfig({ apiBase: '/api', liffId: 'x', liffMock: true, googleClientId: 'g', devLogin: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            success: true,
            message: 'OK',
            timestamp: new Date().toISOString(),
            data: { attended: 12, total: 14 },
          }),
        ),
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeQueries();
  clearLogin();
});

describe('settings menu', () => {
  it('shows a player the whole menu, without team-leader or admin items', async () => {
    renderAs(profile);
    expect(await screen.findByText('已參加 12 場')).toBeTruthy();
    for (const item of [
      '我的電子郵件',
      '成為團長',
      '語言設定',
      '羽球程度分級',
      '隱私權政策',
      '服務條款',
      '關於我們',
      '聯絡我們（加 LINE 好友）',
      '登出',
    ]) {
      expect(screen.getByText(item)).toBeTruthy();
    }
    expect(screen.queryByText('場次管理')).toBeNull();
    expect(screen.queryByText('前往管理後台')).toBeNull();
    expect(screen.getByTestId('app-version').textContent).toBe('版本 test');
  });

  it('shows team-leader items only to team leaders', () => {
    renderAs({ ...profile, isTeamLeader: true });
    for (const item of ['場次管理', '收入報表', '球隊管理', '管理我的球隊'])
      expect(screen.getByText(item)).toBeTruthy();
    expect(screen.queryByText('成為團長')).toBeNull();
    expect(screen.queryByText('前往管理後台')).toBeNull();
  });

  it('shows the admin panel link only to admins', () => {
    renderAs({ ...profile, isAdmin: true });
    expect(screen.getByTestId('admin-link').getAttribute('href')).toBe('/admin/');
  });

  it('offers login instead of logout to a visitor', () => {
    renderAs(null);
    expect(screen.getByText('訪客')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登入' })).toBeTruthy();
    expect(screen.queryByText('登出')).toBeNull();
  });

  it('asks before making a player a team leader, and cancelling changes nothing', async () => {
    renderAs(profile);
    fireEvent.click(screen.getByTestId('become-leader'));
    const dialog = await screen.findByTestId('become-leader-confirm');
    expect(dialog.textContent).toContain('無法取消');
    fireEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    await waitFor(() => expect(screen.queryByTestId('become-leader-confirm')).toBeNull());
    const calls = (fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(([url]) => String(url));
    expect(calls.some((url) => url.includes('becomeLeader'))).toBe(false);
  });

  it('gives a leader who is an admin one link to the admin app, not two', () => {
    renderAs({ ...profile, isTeamLeader: true, isAdmin: true });
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/admin/');
    expect(links).toHaveLength(1);
  });

  it('offers notification and calendar settings to every signed-in player', () => {
    renderAs(profile);
    expect(screen.getByTestId('menu-notifications').getAttribute('href')).toBe('/setting/notifications');
    expect(screen.getByTestId('menu-calendar').getAttribute('href')).toBe('/setting/calendar');
  });
});
