import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import zhErrors from '../../src/i18n/locales/zh-TW/errors.json' with { type: 'json' };
import type { RouteContract } from '../../src/schemas/routes.ts';
import { callContract, createApiClient, queryString } from '../../src/web/api-client.ts';
import { ApiError } from '../../src/web/api-error.ts';

import { envelope, failure, hangingFetch, respond, sentRequest, stubFetch } from '../../src/web/testing.ts';

const item = z.object({ id: z.string() });
const routes = {
  'items/get': {
    method: 'GET',
    auth: 'member',
    summary: 'one item',
    request: z.object({ id: z.string(), tag: z.string().optional(), cursor: z.string().nullable() }),
    response: item,
  },
  'items/save': {
    method: 'POST',
    auth: 'member',
    summary: 'save an item',
    request: z.object({ id: z.string() }),
    response: item,
    idempotent: true,
  },
  'items/public': { method: 'GET', auth: 'none', summary: 'public items', request: null, response: z.array(item) },
  'items/exportCsv': {
    method: 'POST',
    auth: 'member',
    summary: 'items as CSV',
    request: z.object({ month: z.string() }),
    response: z.string(),
    produces: 'text/csv',
  },
} satisfies Record<string, RouteContract>;

let token: string | null = 'member-token';
const clearLogin = vi.fn(() => {
  token = null;
});
const apiCall = createApiClient({
  routes,
  base: () => '/api',
  auth: 'member',
  token: () => token,
  clearLogin,
  noToken: 'NO_TOKEN',
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearLogin.mockClear();
  token = 'member-token';
});

describe('query strings of GET calls', () => {
  it('drops undefined and null values instead of sending them as text', () => {
    expect(queryString({ id: 'i-1', tag: undefined, cursor: null, page: 2 })).toBe('?id=i-1&page=2');
    expect(queryString({ tag: undefined })).toBe('');
    expect(queryString(undefined)).toBe('');
  });

  it('never puts "undefined" in the URL of a call', async () => {
    const fetch = stubFetch(respond(envelope({ id: 'i-1' })));
    await apiCall('items/get', { id: 'i-1', tag: undefined, cursor: null });
    expect(sentRequest(fetch).url).toBe('/api/items/get?id=i-1');
  });
});

describe('API client', () => {
  it('sends the token to calls of its auth, with the method and JSON body of the contract', async () => {
    const fetch = stubFetch(respond(envelope({ id: 'i-1' })));
    await expect(apiCall('items/save', { id: 'i-1' })).resolves.toEqual({ id: 'i-1' });
    expect(sentRequest(fetch)).toMatchObject({
      url: '/api/items/save',
      method: 'POST',
      headers: { authorization: 'Bearer member-token', 'content-type': 'application/json' },
      body: { id: 'i-1' },
    });
  });

  it('sends no token to calls of another auth', async () => {
    const fetch = stubFetch(respond(envelope([])));
    await apiCall('items/public');
    expect(sentRequest(fetch).headers.authorization).toBeUndefined();
  });

  it('refuses a call that needs the missing token without reaching the server, and clears the login', async () => {
    token = null;
    const fetch = stubFetch(respond(envelope({ id: 'i-1' })));
    const error = (await apiCall('items/save', { id: 'i-1' }).catch((e) => e)) as ApiError;
    expect(error).toMatchObject({ code: 'NO_TOKEN', serverMessage: 'No token found', status: 401 });
    expect(fetch).not.toHaveBeenCalled();
    expect(clearLogin).toHaveBeenCalled();
  });

  it('rejects a response whose data does not match the contract, and an envelope without a timestamp', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(respond(envelope({ unexpected: true })));
    await expect(apiCall('items/public')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    stubFetch(respond({ success: true, message: 'OK', data: [] }));
    await expect(apiCall('items/public')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('turns a failure envelope into an ApiError with its code, status and issues', async () => {
    const body = { ...failure('VALIDATION_FAILED', 'Invalid request'), issues: [{ path: 'id', message: 'Required' }] };
    stubFetch(respond(body, 400));
    const error = (await apiCall('items/save', { id: '' }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      issues: [{ path: 'id', message: 'Required' }],
    });
    expect(clearLogin).not.toHaveBeenCalled();
  });

  it("keeps a failure's data, and words a level refusal with the level checked and the range", async () => {
    await i18next.init({ lng: 'zh-TW', resources: { 'zh-TW': { errors: zhErrors } } });
    const refusal = (data: unknown) => ({
      ...failure('LEVEL_OUT_OF_RANGE', "Your level is outside this session's level range"),
      data,
    });
    const refused = async (data: unknown) => {
      stubFetch(respond(refusal(data), 403));
      return (await apiCall('items/save', { id: 'i-1' }).catch((e) => e)) as ApiError;
    };
    const declared = await refused({ checked: 'declared', level: 4, levelMin: 6, levelMax: 9 });
    expect(declared.data).toEqual({ checked: 'declared', level: 4, levelMin: 6, levelMax: 9 });
    expect(declared.friendlyMessage).toBe('這個場次限程度 6–9，你自評的等級是 4');
    const rating = await refused({ checked: 'rating', level: 3.2, low: 2.1, high: 4.3, levelMin: 6, levelMax: 9 });
    expect(rating.friendlyMessage).toBe('這個場次限程度 6–9，你的比賽評分是 3.2（2.1–4.3）');
    // Without its figures the refusal still reads as one.
    expect((await refused(undefined)).friendlyMessage).toBe('你的程度不在這個場次的範圍內');
  });

  it('clears the login on a 401 to a call that carried the token, not on a 403', async () => {
    stubFetch(respond(failure('FORBIDDEN', 'You do not have permission to do this'), 403));
    await expect(apiCall('items/save', { id: 'i-1' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(clearLogin).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      respond({ success: false, message: 'Unauthorized', timestamp: new Date().toISOString() }, 401),
    );
    await expect(apiCall('items/save', { id: 'i-1' })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(clearLogin).toHaveBeenCalled();
  });

  it('sends the Idempotency-Key and reuses it when a network failure is retried', async () => {
    const fetch = stubFetch(
      vi
        .fn()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(new Response(JSON.stringify(envelope({ id: 'i-1' })))),
    );
    await expect(apiCall('items/save', { id: 'i-1' }, { idempotencyKey: 'key-12345678' })).resolves.toEqual({
      id: 'i-1',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect([0, 1].map((i) => sentRequest(fetch, i).headers['idempotency-key'])).toEqual([
      'key-12345678',
      'key-12345678',
    ]);
  });

  it('reports a network failure of a call without a key at once, without retrying', async () => {
    const fetch = stubFetch(vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiCall('items/public')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after the time-out', async () => {
    stubFetch(hangingFetch());
    await expect(apiCall('items/public', undefined, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('calls a single contract with the credentials given, whatever its auth', async () => {
    const onUnauthorized = vi.fn();
    const fetch = stubFetch(respond(failure('INVALID_TOKEN', 'Invalid or expired token'), 401));
    const call = callContract(
      routes['items/public'],
      () => '/other/items',
      undefined,
      {},
      () => ({
        token: 'other-token',
        onUnauthorized,
      }),
    );
    await expect(call).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(sentRequest(fetch)).toMatchObject({ url: '/other/items', headers: { authorization: 'Bearer other-token' } });
    expect(onUnauthorized).toHaveBeenCalled();
  });
});

describe('files through the API client (apiCall.file, apiCall.fileAt)', () => {
  const csv = '\uFEFFdate,title\n2026-05-01,Evening\n';
  const file = (body: string, status = 200) =>
    vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(body, { status })));

  it("answers a contract's file with the token and the JSON body", async () => {
    const fetch = stubFetch(file(csv));
    const blob = await apiCall.file('items/exportCsv', { month: '2026-05' });
    // Byte for byte: the BOM that spreadsheet apps need is kept.
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())).toBe(csv);
    expect(sentRequest(fetch)).toMatchObject({
      url: '/api/items/exportCsv',
      method: 'POST',
      headers: { authorization: 'Bearer member-token' },
      body: { month: '2026-05' },
    });
  });

  it("throws the error envelope's code and message, and clears the login on a 401 only", async () => {
    stubFetch(respond(failure('VALIDATION_FAILED', 'month is not a month'), 400));
    const refused = await apiCall.file('items/exportCsv', { month: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED', serverMessage: 'month is not a month', status: 400 });
    expect(clearLogin).not.toHaveBeenCalled();

    stubFetch(respond({ success: false, message: 'Unauthorized', timestamp: new Date().toISOString() }, 401));
    const expired = await apiCall.file('items/exportCsv', { month: '2026-05' }).catch((e: unknown) => e);
    expect(expired).toMatchObject({ code: 'INVALID_TOKEN', status: 401 });
    expect(clearLogin).toHaveBeenCalled();
  });

  it('says the status when a failed answer is no envelope, and NETWORK when the server is not reached', async () => {
    stubFetch(file('<html>bad gateway</html>', 502));
    expect(await apiCall.file('items/exportCsv', { month: '2026-05' }).catch((e: unknown) => e)).toMatchObject({
      code: 'INTERNAL',
      serverMessage: 'HTTP 502',
    });
    stubFetch(vi.fn(() => Promise.reject(new TypeError('fetch failed'))));
    expect(await apiCall.file('items/exportCsv', { month: '2026-05' }).catch((e: unknown) => e)).toMatchObject({
      code: 'NETWORK',
    });
  });

  it('gets a file below the API base with the token, and refuses without one before any request', async () => {
    const fetch = stubFetch(file('BEGIN:VCALENDAR'));
    const blob = await apiCall.fileAt('/calendar/session/s-1.ics');
    expect(await blob.text()).toBe('BEGIN:VCALENDAR');
    expect(sentRequest(fetch)).toMatchObject({
      url: '/api/calendar/session/s-1.ics',
      method: 'GET',
      headers: { authorization: 'Bearer member-token' },
    });

    token = null;
    const none = stubFetch(file('BEGIN:VCALENDAR'));
    expect(await apiCall.fileAt('/calendar/session/s-1.ics').catch((e: unknown) => e)).toMatchObject({
      code: 'NO_TOKEN',
    });
    expect(none).not.toHaveBeenCalled();
  });
});
