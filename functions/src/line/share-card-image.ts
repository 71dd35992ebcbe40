import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { type Language, SHARE_IMAGE_SIZE } from '@shuttle/shared';
import { SHARE_IMAGE_FILES } from './share-image-files.ts';
import { emWidth, escapeXml } from './svg-text.ts';

/** The facts the image shows: the share card's (api/views/share-card.ts), nothing more. */
export interface ShareImageCard {
  /** The card's language: Japanese is drawn in Noto Sans JP first, the others in Noto Sans TC first. */
  language: Language;
  title: string;
  teamName: string;
  when: string;
  venue: string;
  price: string;
  places: string;
}

/**
 * The families of the font files (share-image-files.ts): Noto Sans TC draws traditional Chinese,
 * Noto Sans JP the Japanese kanji forms; both kana and accented Latin. A character the first
 * lacks (a Japanese 残 on a zh-TW card, a 啟 on a Japanese one) is drawn from the second.
 */
export const SHARE_CARD_FONTS = { tc: 'Noto Sans TC', jp: 'Noto Sans JP' } as const;
const fontFamilies = (language: Language): string =>
  (language === 'ja' ? [SHARE_CARD_FONTS.jp, SHARE_CARD_FONTS.tc] : [SHARE_CARD_FONTS.tc, SHARE_CARD_FONTS.jp])
    .map((family) => `'${family}'`)
    .join(', ');

const COLORS = { background: '#0f766e', card: '#ffffff', ink: '#134e4a', muted: '#4b5563', accent: '#0f766e' } as const;

/** `text` cut into at most `maxLines` lines of at most `maxEms` each, the last one ending in `…` when cut. */
export function wrapText(text: string, maxEms: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  for (let i = 0; i < chars.length; i++) {
    const next = line + chars[i];
    if (emWidth(next) <= maxEms) {
      line = next;
      continue;
    }
    // Latin words break at their last space; CJK anywhere.
    const space = line.lastIndexOf(' ');
    const cut = space > line.length / 2 ? space : line.length;
    lines.push(line.slice(0, cut).trimEnd());
    line = (line.slice(cut) + chars[i]).trimStart();
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = `${[...last].slice(0, Math.max(1, [...last].length - 1)).join('')}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The card as SVG, 1200 x 630: team, title (two lines at most), then time, venue, fee and places. */
export function shareCardSvg(card: ShareImageCard): string {
  const { width, height } = SHARE_IMAGE_SIZE;
  const pad = 48;
  const inner = width - 4 * pad;
  const families = fontFamilies(card.language);
  const text = (x: number, y: number, size: number, fill: string, value: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-family="${families}" font-weight="${weight}" font-size="${size}" fill="${fill}">${escapeXml(value)}</text>`;
  const title = wrapText(card.title, inner / 58, 2);
  let y = 2 * pad + 28;
  const parts = [text(2 * pad, y, 32, COLORS.accent, wrapText(card.teamName, inner / 32, 1)[0] ?? '', 700)];
  y += 12;
  for (const line of title) {
    y += 70;
    parts.push(text(2 * pad, y, 58, COLORS.ink, line, 700));
  }
  y += 12;
  for (const value of [card.when, card.venue, card.price, card.places]) {
    y += 54;
    parts.push(`<circle cx="${2 * pad + 12}" cy="${y - 13}" r="9" fill="${COLORS.accent}"/>`);
    parts.push(text(2 * pad + 40, y, 36, COLORS.muted, wrapText(value, (inner - 40) / 36, 1)[0] ?? ''));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${COLORS.background}"/>
<rect x="${pad}" y="${pad}" width="${width - 2 * pad}" height="${height - 2 * pad}" rx="36" fill="${COLORS.card}"/>
${parts.join('\n')}
</svg>`;
}

/** The files the image is drawn with, as absolute paths: resvg's WebAssembly and the fonts. */
export interface ShareImageFiles {
  wasm: string;
  fonts: readonly string[];
}

/** The files where `npm ci` installed them: the local server's and the tests' (resolved now, read on the first image). */
export function installedShareImageFiles(): ShareImageFiles {
  const resolve = createRequire(import.meta.url).resolve;
  return {
    wasm: resolve(SHARE_IMAGE_FILES.wasm.package),
    fonts: SHARE_IMAGE_FILES.fonts.map((font) => resolve(font.package)),
  };
}

/** The files beside a Lambda bundle in `dir` (its index.mjs's folder), where the stack copies them (infra/lib/bundling.ts). */
export function bundledShareImageFiles(dir: string): ShareImageFiles {
  return {
    wasm: join(dir, SHARE_IMAGE_FILES.wasm.bundled),
    fonts: SHARE_IMAGE_FILES.fonts.map((font) => join(dir, font.bundled)),
  };
}

/** Draws a card as a 1200 x 630 PNG. */
export type ShareImageRenderer = (card: ShareImageCard) => Promise<Uint8Array<ArrayBuffer>>;

/** Read once per process; a failed read is tried again on the next image. */
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
};
let resvgReady: Promise<void> | undefined;
/** resvg's WebAssembly, compiled once per process on the first image (every renderer shares it: `initWasm` runs once). */
const resvgWasm = (file: string): Promise<void> => {
  resvgReady ??= readFile(file)
    .then((bytes) => initWasm(bytes))
    .catch((error: unknown) => {
      resvgReady = undefined;
      throw error;
    });
  return resvgReady;
};
const fontFiles = new Map<string, () => Promise<Uint8Array>>();
const fontBytes = (file: string) => {
  let read = fontFiles.get(file);
  if (!read) {
    read = once(async () => new Uint8Array(await readFile(file)));
    fontFiles.set(file, read);
  }
  return read();
};

/**
 * The share card's renderer, the same locally and on Lambda (docs/LINE.md, "Share card"): resvg
 * built to WebAssembly, with only the given fonts (no system font), read on the first image and
 * kept for the process's life. By default the files `npm ci` installed; the Lambda passes those
 * beside its bundle.
 */
export function shareCardRenderer(files: ShareImageFiles = installedShareImageFiles()): ShareImageRenderer {
  return async (card) => {
    const [, fontBuffers] = await Promise.all([resvgWasm(files.wasm), Promise.all(files.fonts.map(fontBytes))]);
    const resvg = new Resvg(shareCardSvg(card), {
      fitTo: { mode: 'original' },
      font: { fontBuffers, defaultFontFamily: SHARE_CARD_FONTS.tc, sansSerifFamily: SHARE_CARD_FONTS.tc },
    });
    try {
      const image = resvg.render();
      try {
        return new Uint8Array(image.asPng());
      } finally {
        image.free();
      }
    } finally {
      resvg.free();
    }
  };
}
