import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { sessionTime } from '../src/line/flex.ts';
import { installedShareImageFiles, SHARE_CARD_FONTS, shareCardRenderer } from '../src/line/share-card-image.ts';
import { cmapCodePoints, fontFace } from './font-tables.ts';

/**
 * The share card's image (docs/LINE.md, "Share card"): drawn by resvg's WebAssembly build with
 * only the fonts of npm packages, so what a card can show is what those fonts' tables say.
 */
const files = installedShareImageFiles();
const fonts = files.fonts.map((file) => {
  const bytes = new Uint8Array(readFileSync(file));
  return { ...fontFace(bytes), points: cmapCodePoints(bytes) };
});

const locales = join(import.meta.dirname, '../../shared/src/i18n/locales');
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(strings);
const locale = (language: Language, file: string) =>
  JSON.parse(readFileSync(join(locales, language, `${file}.json`), 'utf8')) as Record<string, unknown>;

/** Titles as a team would write them, with each language's own letters. */
const TITLES: Record<Language, string> = {
  'zh-TW': '週三夜間羽球・新手友善（臺灣大學綜合體育館）',
  en: 'Wednesday Night Badminton — all levels welcome!',
  es: 'Bádminton del miércoles: ¡niños, señoras y pingüinos!',
  ja: '水曜日のバドミントン練習会（初心者歓迎・変更済）',
  de: 'Mittwochs-Badminton für Anfänger – Übung in der Halle „Straße“',
};

/** Every text a card in `language` shows but the session's own: its labels, places lines, and its day and time in every month and weekday. */
function cardTexts(language: Language): string[] {
  const days = Array.from({ length: 12 * 7 }, (_, i) => {
    const startsAt = new Date(Date.UTC(2026, Math.floor(i / 7), 1 + (i % 7), 11));
    const endsAt = new Date(startsAt.getTime() + 2 * 3600_000);
    return sessionTime({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }, language);
  });
  const places = (locale(language, 'status') as { places: unknown }).places;
  return [...strings(locale(language, 'pages').sharePage), ...strings(places), ...days, TITLES[language]];
}

describe('the share card image', () => {
  it('is drawn with Noto Sans TC and Noto Sans JP, regular and bold, from their npm packages', () => {
    expect(fonts.map(({ family, weight }) => `${family} ${weight}`).sort()).toEqual(
      [
        `${SHARE_CARD_FONTS.jp} 400`,
        `${SHARE_CARD_FONTS.jp} 700`,
        `${SHARE_CARD_FONTS.tc} 400`,
        `${SHARE_CARD_FONTS.tc} 700`,
      ].sort(),
    );
    for (const file of [files.wasm, ...files.fonts]) expect(file).toContain('/node_modules/');
  });

  it.each(LANGUAGES)('has a glyph for every character a %s card shows, in the font it draws first', (language) => {
    const family = language === 'ja' ? SHARE_CARD_FONTS.jp : SHARE_CARD_FONTS.tc;
    const chars = [...new Set(cardTexts(language).join(''))].filter((c) => c.trim() !== '');
    expect(chars.length).toBeGreaterThan(40);
    for (const font of fonts.filter((f) => f.family === family)) {
      const missing = chars.filter((c) => !font.points.has(c.codePointAt(0)!));
      expect(missing, `${font.family} ${font.weight}`).toEqual([]);
    }
  });

  it('falls back to the other font for what the first lacks (a Japanese 残 on a zh-TW card, a 啟 on a Japanese one)', () => {
    const has = (family: string, c: string) =>
      fonts.filter((f) => f.family === family).every((f) => f.points.has(c.codePointAt(0)!));
    // Why both fonts ship: each lacks letters the other has.
    expect([has(SHARE_CARD_FONTS.tc, '残'), has(SHARE_CARD_FONTS.jp, '残')]).toEqual([false, true]);
    expect([has(SHARE_CARD_FONTS.jp, '啟'), has(SHARE_CARD_FONTS.tc, '啟')]).toEqual([false, true]);
  });

  it('renders 1200 x 630 PNGs in every language, any number of renderers sharing one WebAssembly set-up', async () => {
    const renderers = [shareCardRenderer(files), shareCardRenderer()];
    for (const [i, language] of LANGUAGES.entries()) {
      const png = await renderers[i % 2]!({
        language,
        title: TITLES[language],
        teamName: '大安羽球隊',
        when: cardTexts(language)[0]!,
        venue: '大安運動中心',
        price: '250',
        places: '3 / 12',
      });
      expect([...png.subarray(0, 8)], language).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const ihdr = new DataView(png.buffer, png.byteOffset);
      expect([ihdr.getUint32(16), ihdr.getUint32(20)], language).toEqual([1200, 630]);
    }
  }, 60_000);
});
