import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './paths';

/** What the login page reads from its own address, decoded as the browser does. */
const nextOf = (search: string) => new URLSearchParams(search).get('next');

describe('the login next path', () => {
  it.each(['/', '/session?id=s-1', '/setting', '/?tab=reserved', '/history#last'])('keeps the app path %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
    expect(safeNextPath(nextOf(loginPath(path).split('?')[1]!))).toBe(path);
  });

  it.each([
    'next=/%09/evil.example',
    'next=/%0a/evil.example',
    'next=/%0d%0a/evil.example',
    'next=//evil.example',
    'next=///evil.example',
    'next=/\\evil.example',
    'next=/%5Cevil.example',
    'next=%2F%2Fevil.example',
    'next=/.//evil.example',
    'next=%2F.%2F%2Fevil.example',
    'next=/./%2F/evil.example',
    'next=/a/..//evil.example',
    'next=/%2F%2Fevil.example',
    'next=/%252F%252Fevil.example',
    'next=/%5C%5Cevil.example',
    'next=/%2fevil.example',
    'next=/%09/evil.example',
    'next=/\t/evil.example',
    'next=/%00/evil.example',
    'next=javascript:alert(1)',
    'next=JaVaScRiPt:alert(1)',
    'next=https://evil.example/',
    'next=evil.example',
    'next=%20/evil.example',
    'next=/login?next=/setting',
    'next=/callback?provider=line',
    'next=',
    '',
  ])('falls back to / for %s', (search) => {
    expect(safeNextPath(nextOf(search))).toBe('/');
  });

  it('never resolves to another origin, nor to a path a link would read as one', () => {
    for (const raw of [
      '/%09/evil.example',
      '/.%2F%2Fevil.example',
      '/a/../../evil.example',
      '/%2F%2Fevil.example',
      '/.//evil.example',
      '/././/evil.example',
      '/\t//evil.example',
      '/\n//evil.example',
    ]) {
      const next = safeNextPath(raw);
      expect(new URL(next, 'https://liff.example').origin, raw).toBe('https://liff.example');
      expect(next.startsWith('//'), raw).toBe(false);
      // As an <a href> (what "browse as guest" renders) and after one more decode, still this app.
      expect(new URL(decodeURIComponent(next), 'https://liff.example').origin, raw).toBe('https://liff.example');
    }
  });

  it('uses the given fallback', () => {
    expect(safeNextPath('//evil.example', '/setting')).toBe('/setting');
    expect(safeNextPath(null, '/setting')).toBe('/setting');
  });
});
