import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { messagingApi } from '@line/bot-sdk';
import {
  createRichMenuClients,
  RICH_MENU_NAME,
  RICH_MENU_TEXT,
  setupRichMenu,
} from '@shuttle/functions/line/rich-menu.ts';
import { RICH_MENU_SIZE } from '@shuttle/functions/line/rich-menu-image.ts';
import { createLineCapture } from '@shuttle/functions/local/captures.ts';
import { freePort } from '@shuttle/functions/local/dynamo-local.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const LIFF_ID = '1650000000-AbCdEfGh';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let capture: ReturnType<typeof createLineCapture>;
let server: Server;
let origin: string;

/** The local LINE capture on a loopback port, as `npm start` serves it: both bot-sdk clients point at it. */
beforeAll(async () => {
  capture = createLineCapture();
  const port = await freePort();
  server = serve({ fetch: capture.app.fetch, port, hostname: '127.0.0.1' }) as Server;
  await new Promise((ready) => server.once('listening', ready));
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  capture.requests.length = 0;
  capture.richMenus.clear();
});

const clients = () =>
  createRichMenuClients({ channelAccessToken: 'test-channel-token', baseURL: origin, dataBaseURL: origin });

/** Width and height from the PNG's IHDR chunk (always the first chunk, right after the signature). */
function pngSize(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const chunkType = new TextDecoder().decode(data.subarray(12, 16));
  return { chunkType, width: view.getUint32(16), height: view.getUint32(20) };
}

describe('rich menu setup', () => {
  it('creates the menu, uploads its PNG and makes it the default, in that order', async () => {
    const { richMenuId, deleted } = await setupRichMenu({ clients: clients(), liffId: LIFF_ID });
    expect(deleted).toEqual([]);

    const calls = capture.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'GET /v2/bot/richmenu/list',
      'POST /v2/bot/richmenu',
      `POST /v2/bot/richmenu/${richMenuId}/content`,
      `POST /v2/bot/user/all/richmenu/${richMenuId}`,
    ]);
    for (const request of capture.requests) expect(request.headers.authorization).toBe('Bearer ***');

    const create = capture.requests[1]!;
    expect(create.headers['content-type']).toMatch(/^application\/json/);
    const half = { width: RICH_MENU_SIZE.width / 2, height: RICH_MENU_SIZE.height / 2 };
    const area = (x: number, y: number, label: string, path: string): messagingApi.RichMenuArea => ({
      bounds: { x, y, ...half },
      action: { type: 'uri', label, uri: `https://liff.line.me/${LIFF_ID}${path}` },
    });
    const expected: messagingApi.RichMenuRequest = {
      size: { width: 2500, height: 1686 },
      selected: true,
      name: RICH_MENU_NAME,
      chatBarText: RICH_MENU_TEXT.chatBar,
      areas: [
        area(0, 0, RICH_MENU_TEXT.sessions, '/'),
        area(1250, 0, RICH_MENU_TEXT.reserved, '/?tab=reserved'),
        area(0, 843, RICH_MENU_TEXT.history, '/?tab=reservationHistory'),
        area(1250, 843, RICH_MENU_TEXT.settings, '/setting'),
      ],
    };
    expect(create.body).toEqual(expected);

    const upload = capture.requests[2]!;
    expect(upload.headers['content-type']).toBe('image/png');
    const data = upload.data!;
    expect([...data.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(data)).toEqual({ chunkType: 'IHDR', width: 2500, height: 1686 });
    expect(data.byteLength).toBeLessThanOrEqual(1024 * 1024);
    expect(upload.body).toEqual({ contentType: 'image/png', byteLength: data.byteLength });
  });

  it('replaces its earlier menu on a second run, deleting it only after the new one is the default', async () => {
    const first = await setupRichMenu({ clients: clients(), liffId: LIFF_ID });
    capture.requests.length = 0;

    const second = await setupRichMenu({ clients: clients(), liffId: LIFF_ID });
    expect(second.richMenuId).not.toBe(first.richMenuId);
    expect(second.deleted).toEqual([first.richMenuId]);
    expect(capture.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v2/bot/richmenu/list',
      'POST /v2/bot/richmenu',
      `POST /v2/bot/richmenu/${second.richMenuId}/content`,
      `POST /v2/bot/user/all/richmenu/${second.richMenuId}`,
      `DELETE /v2/bot/richmenu/${first.richMenuId}`,
    ]);
    expect([...capture.richMenus.keys()]).toEqual([second.richMenuId]);
  });

  it("leaves other products' menus alone", async () => {
    capture.richMenus.set('richmenu-other', { richMenuId: 'richmenu-other', name: 'campaign' });
    await setupRichMenu({ clients: clients(), liffId: LIFF_ID });
    await setupRichMenu({ clients: clients(), liffId: LIFF_ID });
    expect([...capture.richMenus.values()].map((m) => m.name).sort()).toEqual(['campaign', RICH_MENU_NAME]);
  });

  it('deletes the new menu and keeps the old one when the image upload fails', async () => {
    const first = await setupRichMenu({ clients: clients(), liffId: LIFF_ID });
    const failing = {
      ...clients(),
      blob: { setRichMenuImage: () => Promise.reject(new Error('upload refused')) },
    };
    await expect(setupRichMenu({ clients: failing, liffId: LIFF_ID })).rejects.toThrow('upload refused');
    expect([...capture.richMenus.keys()]).toEqual([first.richMenuId]);
  });
});
