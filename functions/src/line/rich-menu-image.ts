import { Resvg } from '@resvg/resvg-js';
import { emWidth, escapeXml } from './svg-text.ts';

/** LINE's large rich menu size; the areas of `richMenuRequest` (rich-menu.ts) tile it 2 x 2. */
export const RICH_MENU_SIZE = { width: 2500, height: 1686 } as const;

/** Noto Sans CJK (Debian/Ubuntu `fonts-noto-cjk`) draws the labels of every language; without it they come out blank. */
export const RICH_MENU_FONT = 'Noto Sans CJK TC';

export interface RichMenuTile {
  label: string;
  icon: 'calendar' | 'ticket' | 'history' | 'gear';
}

const COLORS = { background: '#0f766e', tile: '#ffffff', ink: '#134e4a', accent: '#14b8a6' } as const;

/** Simple line icons drawn in a 240 x 240 box, so the image needs no icon font. */
function icon(kind: RichMenuTile['icon']): string {
  const stroke = `fill="none" stroke="${COLORS.accent}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case 'calendar':
      return `<rect x="20" y="40" width="200" height="180" rx="24" ${stroke}/><path d="M20 100h200M70 16v48M170 16v48" ${stroke}/><circle cx="80" cy="150" r="14" fill="${COLORS.accent}"/><circle cx="160" cy="150" r="14" fill="${COLORS.accent}"/>`;
    case 'ticket':
      return `<path d="M20 60h200v40a20 20 0 0 0 0 40v40H20v-40a20 20 0 0 0 0-40z" ${stroke}/><path d="M80 120l30 30 50-60" ${stroke}/>`;
    case 'history':
      return `<circle cx="120" cy="120" r="96" ${stroke}/><path d="M120 60v64l44 28" ${stroke}/>`;
    case 'gear':
      return `<circle cx="120" cy="120" r="40" ${stroke}/><path d="M120 16v36M120 188v36M16 120h36M188 120h36M46 46l26 26M168 168l26 26M46 194l26-26M168 72l26-26" ${stroke}/>`;
  }
}

const LABEL_FONT_SIZE = 140;

/**
 * The label's font size: 140 px, smaller when the label would not fit the tile (German and
 * Spanish labels are longer than the zh-TW ones).
 */
export function labelFontSize(label: string, maxWidth: number): number {
  return Math.max(48, Math.min(LABEL_FONT_SIZE, Math.floor(maxWidth / Math.max(emWidth(label), 1))));
}

/** The rich menu as SVG: tiles in reading order (left to right, top to bottom), two per row. */
export function richMenuSvg(tiles: readonly RichMenuTile[]): string {
  const { width, height } = RICH_MENU_SIZE;
  const columns = 2;
  const rows = Math.ceil(tiles.length / columns);
  const cellW = width / columns;
  const cellH = height / rows;
  const gap = 24;
  const cells = tiles
    .map((tile, i) => {
      const x = (i % columns) * cellW;
      const y = Math.floor(i / columns) * cellH;
      return `<g transform="translate(${x} ${y})">
<rect x="${gap}" y="${gap}" width="${cellW - 2 * gap}" height="${cellH - 2 * gap}" rx="48" fill="${COLORS.tile}"/>
<g transform="translate(${cellW / 2 - 120} ${cellH / 2 - 250})">${icon(tile.icon)}</g>
<text x="${cellW / 2}" y="${cellH / 2 + 170}" text-anchor="middle" font-family="${RICH_MENU_FONT}" font-weight="700" font-size="${labelFontSize(tile.label, cellW - 2 * gap - 120)}" fill="${COLORS.ink}">${escapeXml(tile.label)}</text>
</g>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${COLORS.background}"/>
${cells}
</svg>`;
}

/** Renders the rich menu to PNG with the system's fonts (LINE takes a JPEG or PNG of at most 1 MB). */
export function renderRichMenuPng(tiles: readonly RichMenuTile[]): Uint8Array<ArrayBuffer> {
  const png = new Resvg(richMenuSvg(tiles), {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: true, defaultFontFamily: RICH_MENU_FONT },
  })
    .render()
    .asPng();
  return new Uint8Array(png);
}
