import { ERRORS, memberRoutes } from '@shuttle/shared';
import { ApiError } from '@shuttle/shared/web/api-error.ts';
import {
  envelope,
  expectSent,
  failure,
  respond,
  sentRequest,
  signedInForEachTest,
  stubFetch,
} from '@shuttle/shared/web/testing.ts';
import { describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { SESSION_LIST_SHAPES } from '@/features/sessions/api/get-session-list';
import { apiCall, NO_TOKEN } from './api-client';
import { authStore, clearLogin } from './auth';

// Retries, time-outs and contract checks are the shared client's (shared/test/web/api-client.test.ts);
// these cases pin the member app's base URL, token and logout.
const config = { apiBase: '/api', liffId: 'test', liffMock: true, googleClientId: 'g', devLogin: true };

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

signedInForEachTest({ store: authStore, clear: clearLogin }, 'member-token', () => setRuntimeConfig(config));

describe('API client', () => {
  it('calls the contract path under the configured base with the bearer token, and returns the checked data', async () => {
    const fetch = stubFetch(respond(envelope(profile)));
    await expect(apiCall('checkState/checkAuth')).resolves.toEqual(profile);
    expectSent(fetch, { url: '/api/checkState/checkAuth', method: 'GET', token: 'member-token' });
  });

  it('sends JSON bodies for POST calls and no token to visitor calls', async () => {
    const fetch = stubFetch(respond(envelope({ items: [], nextCursor: null })));
    await apiCall('withoutAuth/getSessionList', { status: 'open' });
    const sent = sentRequest(fetch);
    expect(sent).toMatchObject({ url: '/api/withoutAuth/getSessionList', method: 'POST', body: { status: 'open' } });
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('turns a failure envelope into a translated message by its code', async () => {
    stubFetch(respond(failure('ALREADY_CHECKED_IN', 'Already checked in, cancellation failed.'), 409));
    const error = (await apiCall('checkState/booked/cancelBooked', { sessionId: 's-1' }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('ALREADY_CHECKED_IN');
    expect(error.friendlyMessage).toBe('已報到，無法取消');
  });

  it('clears the login on 401', async () => {
    stubFetch(respond(failure('INVALID_TOKEN', 'Invalid or expired token'), 401));
    await expect(apiCall('checkState/booked/getBooked')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(authStore.get().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("answers 'No token found' without calling the server when a member call has no token", async () => {
    clearLogin();
    const fetch = stubFetch(respond(envelope([])));
    await expect(apiCall('checkState/booked/getBooked')).rejects.toMatchObject({ code: 'NO_TOKEN' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('what the member client names without the contracts (the first screen goes without them)', () => {
  it('refuses a call without a token as ERRORS.NO_TOKEN does', () => {
    expect(NO_TOKEN).toEqual({ code: 'NO_TOKEN', ...ERRORS.NO_TOKEN });
  });

  it("sends the session list calls as their contracts say (get-session-list.ts's shapes)", () => {
    for (const [path, shape] of Object.entries(SESSION_LIST_SHAPES)) {
      const contract = memberRoutes[path as keyof typeof memberRoutes];
      expect({ path, method: contract.method, auth: contract.auth }).toEqual({ path, ...shape });
    }
  });
});
