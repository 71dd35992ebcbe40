import { describe, expect, it } from 'vitest';
import { apiBaseSetting } from './env';

describe('build-time API bases', () => {
  it('takes the default when unset, and absolute paths or URLs without a trailing slash', () => {
    expect(apiBaseSetting('X', undefined, '/api/admin')).toBe('/api/admin');
    expect(apiBaseSetting('X', '', '/api')).toBe('/api');
    expect(apiBaseSetting('X', '/api/admin', '/api')).toBe('/api/admin');
    expect(apiBaseSetting('X', 'https://api.example.com/api/admin', '/api')).toBe('https://api.example.com/api/admin');
  });

  it('refuses a trailing slash, a relative path or another scheme', () => {
    for (const bad of ['/api/', 'api/admin', 'ftp://host/api', 'https://host/']) {
      expect(() => apiBaseSetting('VITE_ADMIN_API_BASE', bad, '/api')).toThrow(/VITE_ADMIN_API_BASE/);
    }
  });
});
