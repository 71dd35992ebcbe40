import { LANGUAGES } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { richMenuRequest, richMenuText, richMenuTiles } from '../src/line/rich-menu.ts';
import { labelFontSize, RICH_MENU_SIZE, richMenuSvg } from '../src/line/rich-menu-image.ts';
import { richMenuAliasId } from '../src/line/rich-menu-link.ts';

describe('rich menu definition', () => {
  it.each(LANGUAGES)(
    "keeps every %s text within LINE's limits (chat bar 14 characters, action labels 20)",
    (language) => {
      const request = richMenuRequest('1650000000-AbCdEfGh', language);
      expect([...richMenuText(language).chatBar].length).toBeLessThanOrEqual(14);
      expect(request.chatBarText).toBe(richMenuText(language).chatBar);
      for (const area of request.areas!) expect([...(area.action!.label ?? '')].length).toBeLessThanOrEqual(20);
      // LINE alias ids: at most 32 of [A-Za-z0-9_-].
      expect(richMenuAliasId(language)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    },
  );

  it('gives every language its own labels and alias, over the same areas', () => {
    const zh = richMenuRequest('x', 'zh-TW');
    expect(zh.chatBarText).toBe('羽球選單');
    expect(richMenuTiles('zh-TW').map((t) => t.label)).toEqual(['可預約場次', '已預約', '歷史紀錄', '設定與球隊']);
    expect(new Set(LANGUAGES.map((l) => richMenuTiles(l)[3]!.label)).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGES.map(richMenuAliasId)).size).toBe(LANGUAGES.length);
    for (const language of LANGUAGES) {
      const request = richMenuRequest('x', language);
      expect(request.areas!.map((a) => [a.bounds, (a.action as { uri: string }).uri])).toEqual(
        zh.areas!.map((a) => [a.bounds, (a.action as { uri: string }).uri]),
      );
    }
  });

  it('tiles the whole image with its areas, without overlap', () => {
    const request = richMenuRequest('1650000000-AbCdEfGh');
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

  it('draws each area label into the SVG the image is rendered from, shrinking long ones to fit', () => {
    for (const language of LANGUAGES) {
      const svg = richMenuSvg(richMenuTiles(language));
      expect(svg).toContain(`width="${RICH_MENU_SIZE.width}" height="${RICH_MENU_SIZE.height}"`);
      for (const { label } of richMenuTiles(language)) expect(svg).toContain(`>${label.replace('&', '&amp;')}</text>`);
    }
    expect(richMenuSvg([{ label: 'A&B <x>', icon: 'gear' }])).toContain('>A&amp;B &lt;x&gt;</text>');
    expect(labelFontSize('已預約', 1000)).toBe(140);
    expect(labelFontSize('Einstellungen', 1000)).toBeLessThan(140);
    // The estimated width of the shrunk label fits the space it is given.
    expect(labelFontSize('Einstellungen', 1000) * (0.68 + 12 * 0.56)).toBeLessThanOrEqual(1000);
  });
});
