import { adminRoutes } from '@shuttle/shared';
import { envelope, respond, routes, stubFetch } from '@shuttle/shared/web/testing.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profile } from '@/testing/fixtures';
import { FIRST_CALL_SHAPES } from './first-calls';

describe('first calls', () => {
  it('name the method and auth their contracts give', () => {
    for (const [path, shape] of Object.entries(FIRST_CALL_SHAPES)) {
      const contract = adminRoutes[path as keyof typeof adminRoutes];
      expect({ path, method: contract.method, auth: contract.auth }).toEqual({ path, ...shape });
    }
  });

  describe('before the contracts have come', () => {
    // A fresh copy of the client each time, whose contracts have not loaded yet.
    const fresh = async () => {
      vi.resetModules();
      const [{ firstCall }, { apiCall }] = await Promise.all([import('./first-calls'), import('./api-client')]);
      return { firstCall, apiCall };
    };
    beforeEach(() => localStorage.setItem('admin-token', 'admin-token-value'));
    afterEach(() => {
      localStorage.clear();
      vi.restoreAllMocks();
    });

    it('sends the login check with the admin token and returns its answer, checked later', async () => {
      const { firstCall } = await fresh();
      const fetch = stubFetch(respond(envelope(profile)));
      const late = vi.fn();
      await expect(firstCall('check-auth', undefined, late)).resolves.toEqual(profile);
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/admin/check-auth');
      expect(init.method).toBe('GET');
      expect((init.headers as Record<string, string>).authorization).toBe('Bearer admin-token-value');
      expect(late).not.toHaveBeenCalled();
    });

    it('runs onLateMismatch when the contracts, once come, find the answer wrong', async () => {
      const { firstCall, apiCall } = await fresh();
      stubFetch(routes({ '/check-auth': envelope({ displayName: 42 }), '/board/getBoard': envelope(null) }));
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const late = vi.fn();
      // Read by the envelope's shape alone: the caller gets it at once.
      await expect(firstCall('check-auth', undefined, late)).resolves.toEqual({ displayName: 42 });
      expect(late).not.toHaveBeenCalled();
      // Another call loads the contracts; the first answer is checked then.
      await apiCall('board/getBoard', {}).catch(() => undefined);
      await vi.waitFor(() => expect(late).toHaveBeenCalledOnce());
    });

    it('is a checked call once the contracts are in', async () => {
      const { firstCall, apiCall } = await fresh();
      stubFetch(routes({ '/check-auth': envelope({ displayName: 42 }), '/board/getBoard': envelope(null) }));
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await apiCall('board/getBoard', {}).catch(() => undefined);
      await expect(firstCall('check-auth', undefined, vi.fn())).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    });
  });
});
