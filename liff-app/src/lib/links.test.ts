import { describe, expect, it } from 'vitest';
import { liffUrl } from './links';

describe('liffUrl', () => {
  it('opens the LIFF link as before unless LINE MINI App mode is on', () => {
    expect(liffUrl('2001234567-AbCd', '/sessions/s-1')).toBe('https://liff.line.me/2001234567-AbCd/sessions/s-1');
    expect(liffUrl('2001234567-AbCd', '/sessions/s-1', false)).toBe(
      'https://liff.line.me/2001234567-AbCd/sessions/s-1',
    );
  });

  it("gives the MINI App's permanent link in MINI App mode (docs/LINE.md)", () => {
    expect(liffUrl('2001234567-AbCd', '/sessions/s-1?tab=list', true)).toBe(
      'https://miniapp.line.me/2001234567-AbCd/sessions/s-1?tab=list',
    );
  });
});
