import { Resvg } from '@resvg/resvg-js';
import { SHARE_IMAGE_SIZE } from '@shuttle/shared';
import { emWidth, escapeXml, RICH_MENU_FONT } from './rich-menu-image.ts';

/** The facts the image shows: the share card's (api/views/share-card.ts), nothing more. */
export interface ShareImageCard {
  title: string;
  teamName: string;
  when: string;
  venue: string;
  price: string;
  places: string;
}

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
  const text = (x: number, y: number, size: number, fill: string, value: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-family="${RICH_MENU_FONT}" font-weight="${weight}" font-size="${size}" fill="${fill}">${escapeXml(value)}</text>`;
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

/** The card as PNG, drawn as the rich menu is (system fonts: Noto Sans CJK draws every language). */
export function renderShareCardPng(card: ShareImageCard): Uint8Array<ArrayBuffer> {
  const png = new Resvg(shareCardSvg(card), {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: true, defaultFontFamily: RICH_MENU_FONT },
  })
    .render()
    .asPng();
  return new Uint8Array(png);
}
