import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, profile, respond } from '@/testing/fixtures';
import { apiCall } from './api-client';
import { ApiError } from './api-error';
import { authStore, clearLogin } from './auth';

beforeEach(() => {
  localStorage.setItem('admin-token', 'admin-token-value');
  authStore.set({ token: 'admin-token-value', profile: null, status: 'checking' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearLogin();
});

describe('admin API client', () => {
  it('calls GET check-auth under /api/admin with the bearer admin token and returns the checked data', async () => {
    const fetch = respond(envelope(profile));
    vi.stubGlobal('fetch', fetch);
    await expect(apiCall('check-auth')).resolves.toEqual(profile);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/check-auth');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer admin-token-value');
  });

  it('sends POST bodies as JSON and no token to the login call', async () => {
    clearLogin();
    const fetch = respond(envelope({ token: 't', expiresAt: new Date().toISOString(), admin: profile }));
    vi.stubGlobal('fetch', fetch);
    await apiCall('login', { email: 'admin@shuttle.tw', password: 'secret-password' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'admin@shuttle.tw', password: 'secret-password' });
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('rejects a response whose data does not match the contract', async () => {
    vi.stubGlobal('fetch', respond(envelope({ ...profile, isAdmin: 'yes' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiCall('check-auth')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('rejects an envelope without a timestamp', async () => {
    vi.stubGlobal('fetch', respond({ success: true, message: 'OK', data: profile }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiCall('check-auth')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('turns a failure envelope into a translated message by its error code', async () => {
    vi.stubGlobal('fetch', respond(failure('CAPACITY_BELOW_ACCEPTED', 'Capacity cannot be lower'), 409));
    const error = (await apiCall('courtSession/updateCapacity', { sessionId: 's-1', capacity: 2 }).catch(
      (e) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('CAPACITY_BELOW_ACCEPTED');
    expect(error.status).toBe(409);
    expect(error.friendlyMessage).toBe('人數上限不可低於已報名人數');
    expect(authStore.get().token).toBe('admin-token-value');
  });

  it('logs the admin out on 401', async () => {
    vi.stubGlobal('fetch', respond(failure('INVALID_TOKEN', 'Invalid or expired token'), 401));
    await expect(apiCall('board/getBoard', {})).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(authStore.get()).toEqual({ token: null, profile: null, status: 'anonymous' });
    expect(localStorage.getItem('admin-token')).toBeNull();
  });

  it('keeps the login on 403: a refusal is about the action, not the token', async () => {
    vi.stubGlobal('fetch', respond(failure('OWNER_ONLY', 'Only a team owner can do this'), 403));
    await expect(apiCall('setting/inviteAdmin', { email: 'a@b.tw' })).rejects.toMatchObject({ code: 'OWNER_ONLY' });
    expect(authStore.get().token).toBe('admin-token-value');
  });

  it("answers 'No admin token found' without calling the server, and logs out", async () => {
    authStore.set({ token: null, profile: null, status: 'anonymous' });
    const fetch = respond(envelope({}));
    vi.stubGlobal('fetch', fetch);
    const error = (await apiCall('board/getBoard', {}).catch((e) => e)) as ApiError;
    expect(error.code).toBe('NO_ADMIN_TOKEN');
    expect(error.serverMessage).toBe('No admin token found');
    expect(error.friendlyMessage).toBe('找不到管理員登入資訊');
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('admin-token')).toBeNull();
  });

  it('sends the Idempotency-Key and reuses it when a network failure is retried', async () => {
    const result = { sessionId: 's-1', userId: 'u-1', attendance: 'attended', checkedInAt: new Date().toISOString() };
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify(envelope(result))));
    vi.stubGlobal('fetch', fetch);
    await expect(
      apiCall('signed/signed', { sessionId: 's-1', userId: 'u-1', attendance: 'attended' }, { idempotencyKey: 'k-1' }),
    ).resolves.toEqual(result);
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const [, init] of fetch.mock.calls as [string, RequestInit][]) {
      expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
    }
  });

  it('does not retry a call without a key after a network failure', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    await expect(apiCall('board/getBoard', {})).rejects.toMatchObject({ code: 'NETWORK' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after the time-out with a translated message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('abort')))),
      ),
    );
    const error = (await apiCall('board/getBoard', {}, { timeoutMs: 20 }).catch((e) => e)) as ApiError;
    expect(error.code).toBe('TIMEOUT');
    expect(error.friendlyMessage).toBe('請求逾時，請稍後再試');
  });
});
