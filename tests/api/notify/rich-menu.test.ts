import type { Server } from 'node:http';
import type { messagingApi } from '@line/bot-sdk';
import { createLineMessaging } from '@shuttle/functions/line/client.ts';
import {
  createRichMenuClients,
  RICH_MENU_NAME,
  richMenuName,
  richMenuText,
  richMenuTiles,
  setupRichMenus,
} from '@shuttle/functions/line/rich-menu.ts';
import { RICH_MENU_SIZE, renderRichMenuPng } from '@shuttle/functions/line/rich-menu-image.ts';
import { createLineCapture } from '@shuttle/functions/local/captures.ts';
import { listenFirst } from '@shuttle/functions/local/listen.ts';
import { LANGUAGES, type Language } from '@shuttle/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const LIFF_ID = '1650000000-AbCdEfGh';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ALIASES = ['shuttle-zh-tw', 'shuttle-en', 'shuttle-es', 'shuttle-ja', 'shuttle-de'];

let capture: ReturnType<typeof createLineCapture>;
let server: Server;
let origin: string;
/** The five images, rendered once; the first test renders its own through the setup. */
let images: Record<Language, Uint8Array<ArrayBuffer>>;

/** The local LINE capture on a loopback port, as `npm start` serves it: both bot-sdk clients point at it. */
beforeAll(async () => {
  capture = createLineCapture();
  const listening = await listenFirst('127.0.0.1', { fetch: capture.app.fetch });
  server = listening.server;
  const port = listening.port;
  origin = `http://127.0.0.1:${port}`;
  images = Object.fromEntries(LANGUAGES.map((l) => [l, renderRichMenuPng(richMenuTiles(l))])) as typeof images;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  capture.requests.length = 0;
  capture.richMenus.clear();
  capture.aliases.clear();
  capture.userMenus.clear();
});

const clients = () =>
  createRichMenuClients({ channelAccessToken: 'test-channel-token', baseURL: origin, dataBaseURL: origin });

/** Width and height from the PNG's IHDR chunk (always the first chunk, right after the signature). */
function pngSize(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const chunkType = new TextDecoder().decode(data.subarray(12, 16));
  return { chunkType, width: view.getUint32(16), height: view.getUint32(20) };
}

/** The calls of one menu: create it, upload its image. */
const menuCalls = (menus: Record<Language, string>) =>
  LANGUAGES.flatMap((language) => ['POST /v2/bot/richmenu', `POST /v2/bot/richmenu/${menus[language]}/content`]);

describe('rich menu setup', () => {
  it('creates one menu per language with translated labels, uploads each PNG, aliases them and makes zh-TW the default', async () => {
    const { menus, deleted } = await setupRichMenus({ clients: clients(), liffId: LIFF_ID });
    expect(deleted).toEqual([]);
    expect(Object.keys(menus)).toEqual([...LANGUAGES]);

    const calls = capture.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'GET /v2/bot/richmenu/list',
      ...menuCalls(menus),
      'GET /v2/bot/richmenu/alias/list',
      ...ALIASES.map(() => 'POST /v2/bot/richmenu/alias'),
      `POST /v2/bot/user/all/richmenu/${menus['zh-TW']}`,
    ]);
    for (const request of capture.requests) expect(request.headers.authorization).toBe('Bearer ***');

    const half = { width: RICH_MENU_SIZE.width / 2, height: RICH_MENU_SIZE.height / 2 };
    const area = (x: number, y: number, label: string, path: string): messagingApi.RichMenuArea => ({
      bounds: { x, y, ...half },
      action: { type: 'uri', label, uri: `https://liff.line.me/${LIFF_ID}${path}` },
    });
    const creates = capture.requests.filter((r) => r.method === 'POST' && r.path === '/v2/bot/richmenu');
    expect(creates).toHaveLength(5);
    for (const [i, language] of LANGUAGES.entries()) {
      const text = richMenuText(language);
      const expected: messagingApi.RichMenuRequest = {
        size: { width: 2500, height: 1686 },
        selected: true,
        name: `${RICH_MENU_NAME}-${language}`,
        chatBarText: text.chatBar,
        areas: [
          area(0, 0, text.sessions, '/'),
          area(1250, 0, text.reserved, '/?tab=reserved'),
          area(0, 843, text.history, '/?tab=reservationHistory'),
          area(1250, 843, text.settings, '/setting'),
        ],
      };
      expect(creates[i]!.headers['content-type']).toMatch(/^application\/json/);
      expect(creates[i]!.body).toEqual(expected);
    }
    // Translated, not five copies of the zh-TW menu.
    expect(new Set(creates.map((c) => (c.body as messagingApi.RichMenuRequest).chatBarText)).size).toBe(5);

    const uploads = capture.requests.filter((r) => r.path.endsWith('/content'));
    expect(uploads).toHaveLength(5);
    const sizes = new Set<number>();
    for (const upload of uploads) {
      expect(upload.headers['content-type']).toBe('image/png');
      const data = upload.data!;
      expect([...data.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(pngSize(data)).toEqual({ chunkType: 'IHDR', width: 2500, height: 1686 });
      expect(data.byteLength).toBeLessThanOrEqual(1024 * 1024);
      expect(upload.body).toEqual({ contentType: 'image/png', byteLength: data.byteLength });
      sizes.add(data.byteLength);
    }
    expect(sizes.size, 'each language draws its own labels').toBe(5);

    const aliasCreates = capture.requests
      .filter((r) => r.path === '/v2/bot/richmenu/alias')
      .map((r) => r.body as messagingApi.CreateRichMenuAliasRequest);
    const expectedAliases: messagingApi.CreateRichMenuAliasRequest[] = LANGUAGES.map((language, i) => ({
      richMenuAliasId: ALIASES[i]!,
      richMenuId: menus[language],
    }));
    expect(aliasCreates).toEqual(expectedAliases);
    expect(capture.richMenus.size).toBe(5);
  });

  it('replaces all five on a second run: moves the aliases, then deletes the earlier menus', async () => {
    const first = await setupRichMenus({ clients: clients(), liffId: LIFF_ID, images });
    capture.requests.length = 0;

    const second = await setupRichMenus({ clients: clients(), liffId: LIFF_ID, images });
    for (const language of LANGUAGES) expect(second.menus[language]).not.toBe(first.menus[language]);
    expect(second.deleted).toEqual(LANGUAGES.map((language) => first.menus[language]));
    expect(capture.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v2/bot/richmenu/list',
      ...menuCalls(second.menus),
      'GET /v2/bot/richmenu/alias/list',
      ...ALIASES.map((alias) => `POST /v2/bot/richmenu/alias/${alias}`),
      `POST /v2/bot/user/all/richmenu/${second.menus['zh-TW']}`,
      ...LANGUAGES.map((language) => `DELETE /v2/bot/richmenu/${first.menus[language]}`),
    ]);
    const updates = capture.requests.filter((r) => r.path.startsWith('/v2/bot/richmenu/alias/shuttle-'));
    expect(updates.map((r) => r.body as messagingApi.UpdateRichMenuAliasRequest)).toEqual(
      LANGUAGES.map((language) => ({ richMenuId: second.menus[language] })),
    );
    expect([...capture.richMenus.keys()].sort()).toEqual(Object.values(second.menus).sort());
    expect(Object.fromEntries(capture.aliases)).toEqual(
      Object.fromEntries(LANGUAGES.map((language, i) => [ALIASES[i], second.menus[language]])),
    );
  });

  it("deletes the single menu of earlier versions and leaves other products' menus alone", async () => {
    capture.richMenus.set('richmenu-other', { richMenuId: 'richmenu-other', name: 'campaign' });
    capture.richMenus.set('richmenu-old', { richMenuId: 'richmenu-old', name: RICH_MENU_NAME });
    const { deleted } = await setupRichMenus({ clients: clients(), liffId: LIFF_ID, images });
    expect(deleted).toEqual(['richmenu-old']);
    await setupRichMenus({ clients: clients(), liffId: LIFF_ID, images });
    expect([...capture.richMenus.values()].map((m) => m.name).sort()).toEqual(
      ['campaign', ...LANGUAGES.map(richMenuName)].sort(),
    );
  });

  it('deletes the new menus and keeps the old ones when an image upload fails', async () => {
    const first = await setupRichMenus({ clients: clients(), liffId: LIFF_ID, images });
    let uploads = 0;
    const real = clients();
    const failing = {
      ...real,
      blob: {
        setRichMenuImage: (id: string, body: Blob) =>
          ++uploads === 3 ? Promise.reject(new Error('upload refused')) : real.blob.setRichMenuImage(id, body),
      },
    };
    await expect(setupRichMenus({ clients: failing, liffId: LIFF_ID, images })).rejects.toThrow('upload refused');
    expect([...capture.richMenus.keys()].sort()).toEqual(Object.values(first.menus).sort());
    expect(capture.aliases.get('shuttle-en')).toBe(first.menus.en);
  });
});

describe('linking a menu to one player', () => {
  it('answers the alias and link calls as LINE does (404 for an unknown alias)', async () => {
    const { menus } = await setupRichMenus({ clients: clients(), liffId: LIFF_ID, images });
    const line = createLineMessaging({ channelAccessToken: 'test-channel-token', baseURL: origin });
    expect(await line.getRichMenuAlias('shuttle-ja')).toEqual({ richMenuAliasId: 'shuttle-ja', richMenuId: menus.ja });
    await line.linkRichMenuIdToUser('Uplayer1', menus.ja);
    expect(capture.userMenus.get('Uplayer1')).toBe(menus.ja);
    await expect(line.getRichMenuAlias('shuttle-xx')).rejects.toMatchObject({ status: 404 });
    await expect(line.linkRichMenuIdToUser('Uplayer1', 'richmenu-gone')).rejects.toMatchObject({ status: 404 });
  });
});
