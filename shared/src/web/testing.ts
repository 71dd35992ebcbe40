import { afterEach, beforeEach, expect, onTestFinished, vi } from 'vitest';

// Test helpers of both apps and shared/test: API answers as the server sends them. Only tests import this.

export const envelope = (data: unknown) => ({
  success: true,
  message: 'OK',
  timestamp: new Date().toISOString(),
  data,
});

export const failure = (error: string, message: string) => ({
  success: false,
  message,
  error,
  timestamp: new Date().toISOString(),
});

export function respond(body: unknown, status = 200) {
  return vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

/** Puts `fetch` in place of the global one until the current test ends, and returns it to inspect the requests. */
export function stubFetch<F extends (...args: never[]) => unknown>(fetch: F): F {
  vi.stubGlobal('fetch', fetch);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return fetch;
}

/** Answers by path: each entry is the body (and status) for requests whose URL ends with the key. */
export function routes(table: Record<string, unknown | { status: number; body: unknown }>) {
  return vi.fn((url: string) => {
    const key = Object.keys(table).find((path) => url.split('?')[0]!.endsWith(path));
    if (!key) return Promise.resolve(new Response(JSON.stringify(failure('NOT_FOUND', 'Not found')), { status: 404 }));
    const entry = table[key] as { status?: number; body?: unknown };
    const withStatus = entry && typeof entry === 'object' && 'status' in entry && 'body' in entry;
    return Promise.resolve(
      new Response(JSON.stringify(withStatus ? entry.body : table[key]), {
        status: withStatus ? entry.status : 200,
      }),
    );
  });
}

/** The URL, method, headers and parsed body of the `index`-th request a stubbed fetch received. */
export function sentRequest(fetch: { mock: { calls: unknown[][] } }, index = 0) {
  const [url, init = {}] = fetch.mock.calls[index] as [string, RequestInit | undefined];
  return {
    url,
    method: init.method,
    headers: (init.headers ?? {}) as Record<string, string>,
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

/** Every test of the file starts signed in with `token` (plus `setUp`) and ends signed out, mocks restored. */
export function signedInForEachTest(
  auth: { store: { set(state: { token: string; profile: null; status: 'checking' }): void }; clear: () => void },
  token: string,
  setUp?: () => void,
) {
  beforeEach(() => {
    setUp?.();
    auth.store.set({ token, profile: null, status: 'checking' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    auth.clear();
  });
}

/** The `index`-th request went to `url` with `method`, with `token` as its bearer (null: no token). */
export function expectSent(
  fetch: { mock: { calls: unknown[][] } },
  expected: { url: string; method: string; token: string | null },
  index = 0,
) {
  const sent = sentRequest(fetch, index);
  expect({ url: sent.url, method: sent.method, authorization: sent.headers.authorization }).toEqual({
    url: expected.url,
    method: expected.method,
    authorization: expected.token === null ? undefined : `Bearer ${expected.token}`,
  });
  return sent;
}

/** A fetch that never answers: it rejects only when the call aborts it. */
export const hangingFetch = () =>
  vi.fn(
    (_: string, init: RequestInit) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('abort')))),
  );
