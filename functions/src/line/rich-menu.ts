import { messagingApi } from '@line/bot-sdk';
import { LINE_API_BASE_URL } from './client.ts';
import { RICH_MENU_SIZE, type RichMenuTile, renderRichMenuPng } from './rich-menu-image.ts';

export const LINE_DATA_API_BASE_URL = 'https://api-data.line.me';

/** Menus this product owns are found by this name; a re-run replaces them. */
export const RICH_MENU_NAME = 'shuttle-main';

/**
 * Every text of the rich menu, in zh-TW (the menu is one image for every language). `label` is
 * drawn into the image and also sent as the area's action label (LINE reads it out in
 * accessibility mode; at most 20 characters); `chatBar` is the bar under the chat (at most 14).
 */
export const RICH_MENU_TEXT = {
  chatBar: '羽球選單',
  sessions: '可預約場次',
  reserved: '已預約',
  history: '歷史紀錄',
  settings: '設定與球隊',
} as const;

/** The areas in reading order, with the member app path each opens (liff-app/src/app/router.tsx, home `?tab=`). */
const AREAS: readonly (RichMenuTile & { path: string })[] = [
  { label: RICH_MENU_TEXT.sessions, icon: 'calendar', path: '/' },
  { label: RICH_MENU_TEXT.reserved, icon: 'ticket', path: '/?tab=reserved' },
  { label: RICH_MENU_TEXT.history, icon: 'history', path: '/?tab=reservationHistory' },
  { label: RICH_MENU_TEXT.settings, icon: 'gear', path: '/setting' },
];

export const richMenuTiles = (): RichMenuTile[] => AREAS.map(({ label, icon }) => ({ label, icon }));

/** The menu's definition: a 2 x 2 grid of LIFF URLs (`https://liff.line.me/<liffId><path>`). */
export function richMenuRequest(liffId: string): messagingApi.RichMenuRequest {
  const { width, height } = RICH_MENU_SIZE;
  const columns = 2;
  const rows = Math.ceil(AREAS.length / columns);
  const cellW = Math.floor(width / columns);
  const cellH = Math.floor(height / rows);
  return {
    size: { width, height },
    selected: true,
    name: RICH_MENU_NAME,
    chatBarText: RICH_MENU_TEXT.chatBar,
    areas: AREAS.map((area, i) => {
      const column = i % columns;
      const row = Math.floor(i / columns);
      return {
        bounds: {
          x: column * cellW,
          y: row * cellH,
          // The last column and row take the rounding remainder, so the areas cover the image.
          width: column === columns - 1 ? width - column * cellW : cellW,
          height: row === rows - 1 ? height - row * cellH : cellH,
        },
        action: { type: 'uri', label: area.label, uri: `https://liff.line.me/${liffId}${area.path}` },
      };
    }),
  };
}

export interface RichMenuClients {
  api: Pick<
    messagingApi.MessagingApiClient,
    'createRichMenu' | 'getRichMenuList' | 'deleteRichMenu' | 'setDefaultRichMenu'
  >;
  blob: Pick<messagingApi.MessagingApiBlobClient, 'setRichMenuImage'>;
}

/**
 * The bot-sdk clients. Like `createLineMessaging`, they resolve `/v2/bot/...` against the
 * ORIGIN of their base URL, so a local capture is given as a bare origin for both.
 */
export function createRichMenuClients(options: {
  channelAccessToken: string;
  baseURL?: string;
  dataBaseURL?: string;
}): RichMenuClients {
  const { channelAccessToken } = options;
  return {
    api: new messagingApi.MessagingApiClient({ channelAccessToken, baseURL: options.baseURL ?? LINE_API_BASE_URL }),
    blob: new messagingApi.MessagingApiBlobClient({
      channelAccessToken,
      baseURL: options.dataBaseURL ?? LINE_DATA_API_BASE_URL,
    }),
  };
}

export interface RichMenuSetupResult {
  richMenuId: string;
  /** Earlier menus of this product, deleted once the new one was the default. */
  deleted: string[];
}

/**
 * Creates the menu, uploads its image, makes it every user's default, then deletes this
 * product's earlier menus: users never see a moment without a menu, and a re-run replaces the
 * old one. If the upload or the switch fails, the new menu is deleted again and the old stays.
 */
export async function setupRichMenu(options: {
  clients: RichMenuClients;
  liffId: string;
  /** PNG of RICH_MENU_SIZE; rendered from `richMenuTiles()` when absent. */
  image?: Uint8Array<ArrayBuffer>;
}): Promise<RichMenuSetupResult> {
  const { api, blob } = options.clients;
  const image = options.image ?? renderRichMenuPng(richMenuTiles());
  const existing = await api.getRichMenuList();
  const old = existing.richmenus.filter((menu) => menu.name === RICH_MENU_NAME).map((menu) => menu.richMenuId);

  const { richMenuId } = await api.createRichMenu(richMenuRequest(options.liffId));
  try {
    await blob.setRichMenuImage(richMenuId, new Blob([image], { type: 'image/png' }));
    await api.setDefaultRichMenu(richMenuId);
  } catch (error) {
    await api.deleteRichMenu(richMenuId).catch(() => undefined);
    throw error;
  }
  for (const id of old) await api.deleteRichMenu(id);
  return { richMenuId, deleted: old };
}
