import { envelope, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/config-loader';
import { getSessionList } from '@/features/sessions/api/get-session-list';
import { EMPTY_FILTERS, toQuery } from '@/features/sessions/model/filters';
import { filtersStore } from '@/features/sessions/model/filters-store';
import { authStore, clearLogin } from '@/lib/auth';
import { clearEarlyRequests, EARLY_REQUEST_TTL_MS } from '@/lib/early-requests';
import { opensSessionList, sendFirstSessionList } from './first-screen';

const config = { apiBase: '/api', liffId: 'test', liffMock: true, googleClientId: 'g', devLogin: true };
const page = { items: [], nextCursor: null };

beforeEach(() => {
  setRuntimeConfig(config);
  // Nothing an earlier file sent early or stored (files share a worker's modules: shared/build/vite.ts).
  clearEarlyRequests();
  clearLogin();
  filtersStore.set(EMPTY_FILTERS);
});
afterEach(() => {
  clearEarlyRequests();
  clearLogin();
  vi.useRealTimers();
});

const listCalls = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith('/getSessionList'));

describe('first screen: which addresses open the session list', () => {
  it.each([
    ['/', '', true],
    ['/', '?tab=sessionList', true],
    ['/', '?tab=unknown', true],
    ['/', '?tab=reserved', false],
    ['/', '?tab=reservationHistory', false],
    ['/', '?team=t-1&teamName=A', false],
    ['/', '?liff.state=%2Fsession%3Fid%3Ds-1', false],
    ['/session', '?id=s-1', false],
    ['/setting', '', false],
  ])('%s%s: %s', (pathname, search, expected) => {
    expect(opensSessionList({ pathname, search })).toBe(expected);
  });
});

describe('first screen: the first session list', () => {
  it("is sent once, before the app asks, and the app's first page takes its answer", async () => {
    const fetch = stubFetch(routes({ '/getSessionList': envelope(page) }));
    await sendFirstSessionList();
    expect(listCalls(fetch)).toHaveLength(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/withoutAuth/getSessionList');

    await expect(getSessionList(toQuery(EMPTY_FILTERS), false)).resolves.toEqual(page);
    expect(listCalls(fetch)).toHaveLength(1);

    // Taken once: the next call goes to the server.
    await getSessionList(toQuery(EMPTY_FILTERS), false);
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('carries the stored token as the app would, on the member path', async () => {
    authStore.set({ token: 'member-token', profile: null, status: 'checking' });
    const fetch = stubFetch(routes({ '/getSessionList': envelope(page) }));
    await sendFirstSessionList();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checkState/sessionList/getSessionList');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer member-token');

    await expect(getSessionList(toQuery(EMPTY_FILTERS), true)).resolves.toEqual(page);
    expect(listCalls(fetch)).toHaveLength(1);
  });

  it('is not taken by another request: other filters, or a visitor call after signing in', async () => {
    const fetch = stubFetch(routes({ '/getSessionList': envelope(page) }));
    await sendFirstSessionList();
    await getSessionList(toQuery({ ...EMPTY_FILTERS, status: 'open' }), false);
    expect(listCalls(fetch)).toHaveLength(2);

    authStore.set({ token: 'member-token', profile: null, status: 'checking' });
    await getSessionList(toQuery(EMPTY_FILTERS), true);
    expect(listCalls(fetch)).toHaveLength(3);
  });

  it('is dropped when nobody took it in time, so a later call never reads an old answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = stubFetch(routes({ '/getSessionList': envelope(page) }));
    await sendFirstSessionList();
    vi.setSystemTime(Date.now() + EARLY_REQUEST_TTL_MS + 1);
    await getSessionList(toQuery(EMPTY_FILTERS), false);
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('hands a failure of the early request to the call that takes it', async () => {
    const fetch = stubFetch(vi.fn(() => Promise.reject(new TypeError('offline'))));
    await sendFirstSessionList();
    await expect(getSessionList(toQuery(EMPTY_FILTERS), false)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
