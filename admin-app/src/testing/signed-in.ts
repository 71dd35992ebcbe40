import { removeQueries } from '@shuttle/shared/web/query.ts';
import { afterEach, beforeEach } from 'vitest';
import { authStore, clearLogin } from '@/lib/auth';
import { profile } from './fixtures';

/** Every test of the file starts with the demo admin signed in and ends signed out, with no query cached. */
export function signedInAdminForEachTest() {
  beforeEach(() => authStore.set({ token: 'admin-token', profile, status: 'authenticated' }));
  afterEach(() => {
    clearLogin();
    removeQueries();
  });
}

/** The parsed body of the first request a stubbed fetch sent to a path ending in `path`; undefined if none went. */
export function bodySentTo(fetch: { mock: { calls: unknown[][] } }, path: string): unknown {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path)) as [string, RequestInit] | undefined;
  return call ? JSON.parse(String(call[1].body)) : undefined;
}
