import { describe, expect, it } from 'vitest';
import { nameText } from '../src/schemas/text.ts';

/** Names need a visible character (docs/PRIVACY.md, "Names"); `nameText` is the one rule of every name field. */
const name = nameText(20);
const required = nameText(20).min(1);

/** Strings that show nothing, one class each. */
const INVISIBLE: [string, string][] = [
  ['zero-width space', '\u200b'],
  ['zero-width joiner and non-joiner', '\u200d\u200c'],
  ['word joiner and invisible operators', '\u2060\u2061\u2062\u2063\u2064'],
  ['a byte order mark after a zero-width space', '\u200b\ufeff'],
  ['soft hyphen', '\u00ad'],
  ['Hangul filler', '\u3164'],
  ['Hangul choseong and jungseong fillers', '\u115f\u1160'],
  ['halfwidth Hangul filler', '\uffa0'],
  ['braille blank', '\u2800'],
  ['braille blanks', '\u2800\u2800\u2800'],
  ['variation selectors', '\ufe0f\ufe0e'],
  ['ideographic variation selector', '\u{e0100}'],
  ['Mongolian free variation selector and vowel separator', '\u180b\u180e'],
  ['tag characters', '\u{e0001}\u{e0074}\u{e0061}\u{e0067}\u{e007f}'],
  ['bidirectional marks', '\u200e\u200f\u061c'],
  ['format characters', '\u{1d173}\u{1d17a}'],
  ['combining grapheme joiner', '\u034f'],
  ['Khmer inherent vowels', '\u17b4\u17b5'],
  ['no-break and ideographic spaces around a zero-width space', '\u00a0\u3000\u200b\u2007'],
  ['the acceptance case', '\u200b\u3164'],
];

describe('names', () => {
  it.each(INVISIBLE)('refuses a name of only invisible characters: %s', (_, value) => {
    const parsed = name.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Must contain a visible character');
    expect(required.safeParse(value).success).toBe(false);
  });

  it('refuses whitespace alone where a name is required, and keeps it empty where it is optional', () => {
    expect(required.safeParse(' \u3000 ').success).toBe(false);
    expect(required.safeParse('\ufeff').success).toBe(false);
    expect(name.parse(' \u3000 ')).toBe('');
    expect(name.parse('')).toBe('');
  });

  it.each([
    ['a Latin name', 'Amy', 'Amy'],
    ['a Chinese name', '王小明', '王小明'],
    ['a Korean name', '민준', '민준'],
    ['an emoji with its variation selector', '❤️', '❤️'],
    ['an emoji family joined by zero-width joiners', '👨‍👩‍👧', '👨‍👩‍👧'],
    ['a flag written with tag characters', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['a Persian name with a zero-width non-joiner inside', 'مهسا\u200cجان', 'مهسا\u200cجان'],
    ['a lone combining accent (drawn on a dotted circle)', '\u0301', '\u0301'],
  ])('accepts %s as it is', (_, value, stored) => {
    expect(name.parse(value)).toBe(stored);
  });

  it.each([
    ['leading zero-width spaces', '\u200b\u200bAmy', 'Amy'],
    ['a trailing Hangul filler', 'Amy\u3164', 'Amy'],
    ['braille blanks around', '\u2800Amy\u2800', 'Amy'],
    ['a leading variation selector (it modifies nothing)', '\ufe0fAmy', 'Amy'],
    ['a trailing zero-width joiner', 'Amy\u200d', 'Amy'],
    ['spaces and fillers around', ' \u3164 小明 \u200b ', '小明'],
  ])('drops invisible characters at the ends: %s', (_, value, stored) => {
    expect(name.parse(value)).toBe(stored);
  });

  it('keeps invisible characters inside a name (they may join what is around them)', () => {
    expect(name.parse('A\u200bmy')).toBe('A\u200bmy');
  });

  it('counts the length after the ends are dropped, and still refuses controls and direction overrides', () => {
    expect(nameText(3).parse('\u200b\u200b\u200bAmy\u200b')).toBe('Amy');
    expect(nameText(3).safeParse('Amya').success).toBe(false);
    expect(name.safeParse('Amy\u202e').success).toBe(false);
    expect(name.safeParse('A\u0000my').success).toBe(false);
  });
});
