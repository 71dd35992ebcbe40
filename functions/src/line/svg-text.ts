/** Text in the SVG images (the rich menu, the share card): no renderer here, so a bundle can take it alone. */

export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** A text's width in em, estimated: CJK and kana 1, capitals 0.68, other Latin 0.56, spaces 0.3. */
export function emWidth(text: string): number {
  let ems = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x2e80) ems += 1;
    else if (ch === ' ') ems += 0.3;
    else if (ch >= 'A' && ch <= 'Z') ems += 0.68;
    else ems += 0.56;
  }
  return ems;
}
