/**
 * The OpenType tables a test reads to know what a font draws: `cmap` (the characters it has a
 * glyph for), `name` (its family) and `OS/2` (its weight). resvg picks a font by family and weight
 * and draws a character from the first font whose cmap has it, so these say what a render shows.
 */

function tableOffset(font: DataView, tag: string): number {
  const tables = font.getUint16(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + 16 * i;
    const name = String.fromCharCode(...[0, 1, 2, 3].map((k) => font.getUint8(record + k)));
    if (name === tag) return font.getUint32(record + 8);
  }
  throw new Error(`No ${tag} table`);
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Every code point the font maps to a glyph other than .notdef (cmap subtables of format 4 and 12). */
export function cmapCodePoints(bytes: Uint8Array): Set<number> {
  const font = view(bytes);
  const cmap = tableOffset(font, 'cmap');
  const points = new Set<number>();
  for (let i = 0; i < font.getUint16(cmap + 2); i++) {
    const sub = cmap + font.getUint32(cmap + 4 + 8 * i + 4);
    const format = font.getUint16(sub);
    if (format === 4) {
      const segments = font.getUint16(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const rangeOffsets = deltas + 2 * segments;
      for (let s = 0; s < segments; s++) {
        const start = font.getUint16(starts + 2 * s);
        const end = font.getUint16(ends + 2 * s);
        const delta = font.getInt16(deltas + 2 * s);
        const rangeOffset = font.getUint16(rangeOffsets + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph = rangeOffset === 0 ? c : font.getUint16(rangeOffsets + 2 * s + rangeOffset + 2 * (c - start));
          if (rangeOffset !== 0 && glyph === 0) continue;
          glyph = (glyph + delta) & 0xffff;
          if (glyph !== 0) points.add(c);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < font.getUint32(sub + 12); g++) {
        const group = sub + 16 + 12 * g;
        const [start, end, first] = [font.getUint32(group), font.getUint32(group + 4), font.getUint32(group + 8)];
        for (let c = start; c <= end; c++) if (first + (c - start) !== 0) points.add(c);
      }
    }
  }
  return points;
}

/** The font's family (`name` ID 16, else 1) in its Windows (UTF-16BE) record, and its weight (`OS/2` usWeightClass). */
export function fontFace(bytes: Uint8Array): { family: string; weight: number } {
  const font = view(bytes);
  const name = tableOffset(font, 'name');
  const strings = name + font.getUint16(name + 4);
  const found = new Map<number, string>();
  for (let i = 0; i < font.getUint16(name + 2); i++) {
    const record = name + 6 + 12 * i;
    if (font.getUint16(record) !== 3) continue;
    const id = font.getUint16(record + 6);
    const length = font.getUint16(record + 8);
    const at = strings + font.getUint16(record + 10);
    const units = Array.from({ length: length / 2 }, (_, k) => font.getUint16(at + 2 * k));
    if (!found.has(id)) found.set(id, String.fromCharCode(...units));
  }
  return { family: found.get(16) ?? found.get(1) ?? '', weight: font.getUint16(tableOffset(font, 'OS/2') + 4) };
}
