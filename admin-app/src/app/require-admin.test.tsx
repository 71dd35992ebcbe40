import { envelope, failure, respond, stubFetch } from '@shuttle/shared/web/testing.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/features/auth/components/login-page';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from '@/testing/fixtures';
import { RequireAdmin } from './require-admin';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signedup" element={<p>create your team</p>} />
        <Route
          path="*"
          element={
            <RequireAdmin>
              <p>admin area</p>
            </RequireAdmin>
          }
        />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

function storeToken(token: string) {
  localStorage.setItem('admin-token', token);
  authStore.set({ token, profile: null, status: 'checking' });
}

afterEach(() => {
  vi.restoreAllMocks();
  clearLogin();
});

describe('admin login guard', () => {
  it('sends a visitor without a token to /admin/login, remembering where they were going', async () => {
    const fetch = stubFetch(respond(envelope(profile)));
    renderAt('/members?page=2');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?next=%2Fmembers%3Fpage%3D2'));
    expect(screen.queryByText('admin area')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks a stored token with GET check-auth and shows the page when isAdmin is true', async () => {
    storeToken('stored-token');
    const fetch = stubFetch(respond(envelope(profile)));
    renderAt('/members');
    expect(screen.getByTestId('loading-full')).toBeTruthy();
    await screen.findByText('admin area');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/check-auth');
    expect(init.method).toBe('GET');
    expect(authStore.get().status).toBe('authenticated');
  });

  it('logs out when the check answers without the isAdmin flag', async () => {
    storeToken('stored-token');
    stubFetch(respond(envelope({ ...profile, isAdmin: false })));
    renderAt('/members');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?next=%2Fmembers'));
    expect(localStorage.getItem('admin-token')).toBeNull();
    expect(screen.queryByText('admin area')).toBeNull();
  });

  it('logs out when the token is refused (401)', async () => {
    storeToken('expired-token');
    stubFetch(respond(failure('INVALID_TOKEN', 'Invalid or expired token'), 401));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(localStorage.getItem('admin-token')).toBeNull();
  });

  it('sends an admin without a team to create one', async () => {
    storeToken('stored-token');
    stubFetch(respond(envelope({ ...profile, currentTeamId: null })));
    renderAt('/');
    await screen.findByText('create your team');
  });

  it('logs out everywhere at once when a later call finds no token', async () => {
    storeToken('stored-token');
    stubFetch(respond(envelope(profile)));
    renderAt('/books');
    await screen.findByText('admin area');
    act(() => clearLogin());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?next=%2Fbooks'));
  });
});

describe('admin login page', () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText('電子郵件'), { target: { value: 'admin@shuttle.tw' } });
    fireEvent.change(screen.getByLabelText('密碼'), { target: { value: 'shuttle-demo-2026' } });
    fireEvent.click(screen.getByRole('button', { name: '登入' }));
  };

  it('stores the token under admin-token and continues to the page asked for', async () => {
    const login = { token: 'new-token', expiresAt: new Date(Date.now() + 3600_000).toISOString(), admin: profile };
    stubFetch(respond(envelope(login)));
    renderAt('/login?next=%2Fmembers');
    fill();
    await screen.findByText('admin area');
    expect(screen.getByTestId('where').textContent).toBe('/members');
    expect(localStorage.getItem('admin-token')).toBe('new-token');
  });

  it('does not count a login without the isAdmin flag', async () => {
    const login = { token: 'new-token', expiresAt: new Date().toISOString(), admin: { ...profile, isAdmin: false } };
    stubFetch(respond(envelope(login)));
    renderAt('/login');
    fill();
    await waitFor(() => expect(authStore.get().status).toBe('anonymous'));
    expect(localStorage.getItem('admin-token')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('shows the translated refusal of a wrong password', async () => {
    stubFetch(respond(failure('ADMIN_LOGIN_FAILED', 'Incorrect email or password'), 401));
    renderAt('/login');
    fill();
    expect((await screen.findByTestId('login-error')).textContent).toBe('電子郵件或密碼錯誤');
  });

  it('checks the email before calling the server', async () => {
    const fetch = stubFetch(respond(envelope({})));
    renderAt('/login');
    fireEvent.change(screen.getByLabelText('電子郵件'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: '登入' }));
    // The checks come with the contracts, loaded when the form is first touched (auth-fields.tsx).
    expect(await screen.findByText('請輸入有效的電子郵件')).toBeTruthy();
    expect(screen.getByText('請輸入密碼')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
