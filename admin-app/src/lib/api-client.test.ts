import { ERRORS } from '@shuttle/shared';
import { ApiError } from '@shuttle/shared/web/api-error.ts';
import {
  envelope,
  expectSent,
  failure,
  hangingFetch,
  respond,
  sentRequest,
  signedInForEachTest,
  stubFetch,
} from '@shuttle/shared/web/testing.ts';
import { describe, expect, it } from 'vitest';
import { profile } from '@/testing/fixtures';
import { apiCall, NO_ADMIN_TOKEN } from './api-client';
import { authStore, clearLogin } from './auth';

// Retries and contract checks are the shared client's (shared/test/web/api-client.test.ts); these
// cases pin the admin app's base URL, admin token and logout.
signedInForEachTest({ store: authStore, clear: clearLogin }, 'admin-token-value', () =>
  localStorage.setItem('admin-token', 'admin-token-value'),
);

describe('admin API client', () => {
  it('refuses a call without a token as ERRORS.NO_ADMIN_TOKEN does', () => {
    expect(NO_ADMIN_TOKEN).toEqual({ code: 'NO_ADMIN_TOKEN', ...ERRORS.NO_ADMIN_TOKEN });
  });

  it('calls GET check-auth under /api/admin with the bearer admin token and returns the checked data', async () => {
    const fetch = stubFetch(respond(envelope(profile)));
    await expect(apiCall('check-auth')).resolves.toEqual(profile);
    expectSent(fetch, { url: '/api/admin/check-auth', method: 'GET', token: 'admin-token-value' });
  });

  it('sends POST bodies as JSON and no token to the login call', async () => {
    clearLogin();
    const fetch = stubFetch(respond(envelope({ token: 't', expiresAt: new Date().toISOString(), admin: profile })));
    await apiCall('login', { email: 'admin@shuttle.tw', password: 'secret-password' });
    const sent = sentRequest(fetch);
    expect(sent).toMatchObject({ url: '/api/admin/login', method: 'POST' });
    expect(sent.body).toEqual({ email: 'admin@shuttle.tw', password: 'secret-password' });
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('turns a failure envelope into a translated message by its error code', async () => {
    stubFetch(respond(failure('CAPACITY_BELOW_ACCEPTED', 'Capacity cannot be lower'), 409));
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
    stubFetch(respond(failure('INVALID_TOKEN', 'Invalid or expired token'), 401));
    await expect(apiCall('board/getBoard', {})).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(authStore.get()).toEqual({ token: null, profile: null, status: 'anonymous' });
    expect(localStorage.getItem('admin-token')).toBeNull();
  });

  it('keeps the login on 403: a refusal is about the action, not the token', async () => {
    stubFetch(respond(failure('OWNER_ONLY', 'Only a team owner can do this'), 403));
    await expect(apiCall('setting/inviteAdmin', { email: 'a@b.tw' })).rejects.toMatchObject({ code: 'OWNER_ONLY' });
    expect(authStore.get().token).toBe('admin-token-value');
  });

  it("answers 'No admin token found' without calling the server, and logs out", async () => {
    authStore.set({ token: null, profile: null, status: 'anonymous' });
    const fetch = stubFetch(respond(envelope({})));
    const error = (await apiCall('board/getBoard', {}).catch((e) => e)) as ApiError;
    expect(error.code).toBe('NO_ADMIN_TOKEN');
    expect(error.serverMessage).toBe('No admin token found');
    expect(error.friendlyMessage).toBe('找不到管理員登入資訊');
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('admin-token')).toBeNull();
  });

  it('gives up after the time-out with a translated message', async () => {
    stubFetch(hangingFetch());
    const error = (await apiCall('board/getBoard', {}, { timeoutMs: 20 }).catch((e) => e)) as ApiError;
    expect(error.code).toBe('TIMEOUT');
    expect(error.friendlyMessage).toBe('請求逾時，請稍後再試');
  });
});
