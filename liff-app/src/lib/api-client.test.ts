import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { apiCall } from './api-client';
import { ApiError } from './api-error';
import { authStore, clearLogin } from './auth';

const config = { apiBase: '/api', liffId: 'test', liffMock: true, googleClientId: 'g', devLogin: true };
const envelope = (data: unknown) => ({ success: true, message: 'OK', timestamp: new Date().toISOString(), data });
const failure = (error: string, message: string) => ({
  success: false,
  message,
  error,
  timestamp: new Date().toISOString(),
});

function respond(body: unknown, status = 200) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

const profile = {
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

beforeEach(() => {
  setRuntimeConfig(config);
  authStore.set({ token: 'member-token', profile: null, status: 'checking' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearLogin();
});

describe('API client', () => {
  it('calls the contract path with its method and the bearer token, and returns the checked data', async () => {
    const fetch = respond(envelope(profile));
    vi.stubGlobal('fetch', fetch);
    await expect(apiCall('checkState/checkAuth')).resolves.toEqual(profile);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checkState/checkAuth');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer member-token');
  });

  it('sends JSON bodies for POST calls and no token to visitor calls', async () => {
    const fetch = respond(envelope({ items: [], nextCursor: null }));
    vi.stubGlobal('fetch', fetch);
    await apiCall('withoutAuth/getSessionList', { status: 'open' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/withoutAuth/getSessionList');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ status: 'open' });
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('rejects a response that does not match the contract', async () => {
    vi.stubGlobal('fetch', respond(envelope({ unexpected: true })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiCall('checkState/checkAuth')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('rejects an envelope without a timestamp', async () => {
    vi.stubGlobal('fetch', respond({ success: true, message: 'OK', data: profile }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiCall('checkState/checkAuth')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('turns a failure envelope into a translated message by its code', async () => {
    vi.stubGlobal('fetch', respond(failure('ALREADY_CHECKED_IN', 'Already checked in, cancellation failed.'), 409));
    const error = (await apiCall('checkState/booked/cancelBooked', { sessionId: 's-1' }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('ALREADY_CHECKED_IN');
    expect(error.friendlyMessage).toBe('已報到，無法取消');
  });

  it('clears the login on 401', async () => {
    vi.stubGlobal('fetch', respond(failure('INVALID_TOKEN', 'Invalid or expired token'), 401));
    await expect(apiCall('checkState/booked/getBooked')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(authStore.get().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("answers 'No token found' without calling the server when a member call has no token", async () => {
    clearLogin();
    const fetch = respond(envelope([]));
    vi.stubGlobal('fetch', fetch);
    await expect(apiCall('checkState/booked/getBooked')).rejects.toMatchObject({ code: 'NO_TOKEN' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the Idempotency-Key and reuses it when a network failure is retried', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify(envelope({ sessionId: 's-1', status: 'waiting' }))));
    vi.stubGlobal('fetch', fetch);
    await expect(
      apiCall('checkState/sessionList/joinSession', { sessionId: 's-1' }, { idempotencyKey: 'key-12345678' }),
    ).resolves.toEqual({ sessionId: 's-1', status: 'waiting' });
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const [, init] of fetch.mock.calls as [string, RequestInit][]) {
      expect((init.headers as Record<string, string>)['idempotency-key']).toBe('key-12345678');
    }
  });

  it('reports a network failure of a plain call without retrying', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    await expect(apiCall('withoutAuth/getTeamName')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after the time-out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('abort')))),
      ),
    );
    const error = (await apiCall('withoutAuth/getTeamName', undefined, { timeoutMs: 20 }).catch((e) => e)) as ApiError;
    expect(error.code).toBe('TIMEOUT');
    expect(error.friendlyMessage).toBe('請求逾時，請稍後再試');
  });
});
