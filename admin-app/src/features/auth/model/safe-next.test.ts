import { describe, expect, it } from 'vitest';
import { safeNext } from './complete-login';

describe('the admin login next path', () => {
  it.each(['/', '/sessions', '/team?tab=admins', '/reports#month'])('keeps the app path %s', (path) => {
    expect(safeNext(path)).toBe(path);
  });

  it.each([
    '/.//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    null,
  ])('falls back to / for %s', (next) => {
    expect(safeNext(next)).toBe('/');
  });
});
