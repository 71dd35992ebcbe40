import type { MemberProfile } from '@shuttle/shared';
import { ApiError } from '@shuttle/shared/web/api-error.ts';
import { describe, expect, it, vi } from 'vitest';
import { checkStoredLogin, RETRY_DELAYS_MS } from './stored-login';

const profile = { displayName: '王小明' } as MemberProfile;
const noWait = () => Promise.resolve();

describe('the stored login check at start-up', () => {
  it('only a 401 clears the login', async () => {
    const check = vi.fn(() => Promise.reject(new ApiError('INVALID_TOKEN', 'Invalid token', 401)));
    expect(await checkStoredLogin(check, noWait)).toEqual({ state: 'invalid' });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a network error', new ApiError('NETWORK', 'Failed to fetch', 0)],
    ['a timeout', new ApiError('TIMEOUT', 'Timed out', 0)],
    ['a 503', new ApiError('SERVICE_BUSY', 'Busy', 503)],
    ['anything else thrown', new TypeError('boom')],
  ])('%s keeps the login and retries, then gives up without clearing it', async (_, error) => {
    const sleep = vi.fn((_ms: number) => Promise.resolve());
    const check = vi.fn(() => Promise.reject(error));
    expect(await checkStoredLogin(check, sleep)).toEqual({ state: 'unreachable' });
    expect(check).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([...RETRY_DELAYS_MS]);
  });

  it('a retry that gets through answers the profile', async () => {
    const check = vi
      .fn<() => Promise<MemberProfile>>()
      .mockRejectedValueOnce(new ApiError('NETWORK', 'Failed to fetch', 0))
      .mockResolvedValueOnce(profile);
    expect(await checkStoredLogin(check, noWait)).toEqual({ state: 'valid', profile });
  });
});
