import { describe, expect, it } from 'vitest';
import { RICH_MENU_TEXT, richMenuRequest, richMenuTiles } from '../src/line/rich-menu.ts';
import { RICH_MENU_SIZE, richMenuSvg } from '../src/line/rich-menu-image.ts';

describe('rich menu definition', () => {
  const request = richMenuRequest('1650000000-AbCdEfGh');

  it("keeps every text within LINE's limits (chat bar 14 characters, action labels 20)", () => {
    expect([...RICH_MENU_TEXT.chatBar].length).toBeLessThanOrEqual(14);
    for (const area of request.areas!) expect([...(area.action!.label ?? '')].length).toBeLessThanOrEqual(20);
  });

  it('tiles the whole image with its areas, without overlap', () => {
    const { width, height } = RICH_MENU_SIZE;
    let covered = 0;
    for (const { bounds } of request.areas!) {
      expect(bounds!.x! + bounds!.width!).toBeLessThanOrEqual(width);
      expect(bounds!.y! + bounds!.height!).toBeLessThanOrEqual(height);
      covered += bounds!.width! * bounds!.height!;
    }
    expect(covered).toBe(width * height);
    expect(request.areas).toHaveLength(4);
  });

  it('draws each area label into the SVG the image is rendered from', () => {
    const svg = richMenuSvg(richMenuTiles());
    expect(svg).toContain(`width="${RICH_MENU_SIZE.width}" height="${RICH_MENU_SIZE.height}"`);
    for (const tile of richMenuTiles()) expect(svg).toContain(`>${tile.label}</text>`);
    expect(richMenuSvg([{ label: 'A&B <x>', icon: 'gear' }])).toContain('>A&amp;B &lt;x&gt;</text>');
  });
});
