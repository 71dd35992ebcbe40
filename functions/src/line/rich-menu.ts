import { messagingApi } from '@line/bot-sdk';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import { LINE_API_BASE_URL } from './client.ts';
import { lineAppUrl } from './mini-app.ts';
import { RICH_MENU_SIZE, type RichMenuTile, renderRichMenuPng } from './rich-menu-image.ts';
import { richMenuAliasId } from './rich-menu-link.ts';

export const LINE_DATA_API_BASE_URL = 'https://api-data.line.me';

/**
 * Menus this product owns are named `shuttle-main-<language>` (earlier versions: `shuttle-main`);
 * a re-run replaces every one of them.
 */
export const RICH_MENU_NAME = 'shuttle-main';
export const richMenuName = (language: Language) => `${RICH_MENU_NAME}-${language}`;
const isOurs = (name: string) => name === RICH_MENU_NAME || name.startsWith(`${RICH_MENU_NAME}-`);

/**
 * Every text of one language's menu (`richMenu` in the `notifications` texts). `label` is drawn
 * into the image and also sent as the area's action label (LINE reads it out in accessibility
 * mode; at most 20 characters); `chatBar` is the bar under the chat (at most 14).
 */
export const richMenuText = (language: Language) => {
  const t = (path: string) => translate(language, 'notifications', `richMenu.${path}`);
  return {
    chatBar: t('chatBar'),
    sessions: t('sessions'),
    reserved: t('reserved'),
    history: t('history'),
    settings: t('settings'),
  };
};

type AreaText = Exclude<keyof ReturnType<typeof richMenuText>, 'chatBar'>;

/** The areas in reading order, with the member app path each opens (liff-app/src/app/router.tsx, home `?tab=`). */
const AREAS: readonly { text: AreaText; icon: RichMenuTile['icon']; path: string }[] = [
  { text: 'sessions', icon: 'calendar', path: '/' },
  { text: 'reserved', icon: 'ticket', path: '/?tab=reserved' },
  { text: 'history', icon: 'history', path: '/?tab=reservationHistory' },
  { text: 'settings', icon: 'gear', path: '/setting' },
];

export const richMenuTiles = (language: Language = DEFAULT_LANGUAGE): RichMenuTile[] => {
  const text = richMenuText(language);
  return AREAS.map((area) => ({ label: text[area.text], icon: area.icon }));
};

/** One language's menu: a 2 x 2 grid of LIFF URLs (`https://liff.line.me/<liffId><path>`, `miniapp.line.me` in MINI App mode), same areas in every language. */
export function richMenuRequest(
  liffId: string,
  language: Language = DEFAULT_LANGUAGE,
  miniApp = false,
): messagingApi.RichMenuRequest {
  const { width, height } = RICH_MENU_SIZE;
  const text = richMenuText(language);
  const columns = 2;
  const rows = Math.ceil(AREAS.length / columns);
  const cellW = Math.floor(width / columns);
  const cellH = Math.floor(height / rows);
  return {
    size: { width, height },
    selected: true,
    name: richMenuName(language),
    chatBarText: text.chatBar,
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
        action: { type: 'uri', label: text[area.text], uri: `${lineAppUrl(liffId, miniApp)}${area.path}` },
      };
    }),
  };
}

export interface RichMenuClients {
  api: Pick<
    messagingApi.MessagingApiClient,
    | 'createRichMenu'
    | 'getRichMenuList'
    | 'deleteRichMenu'
    | 'setDefaultRichMenu'
    | 'getRichMenuAliasList'
    | 'createRichMenuAlias'
    | 'updateRichMenuAlias'
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
  /** The new menu of each language; its alias `richMenuAliasId(language)` points at it. */
  menus: Record<Language, string>;
  /** Earlier menus of this product, deleted once the new ones were linked. */
  deleted: string[];
}

/**
 * Creates one menu per app language and uploads its image; if one fails, the new menus are
 * deleted again and the old ones stay. Then points each language's alias at its new menu
 * (creating the alias on the first run), makes the zh-TW menu every user's default and deletes
 * this product's earlier menus, so users never see a moment without a menu and a re-run replaces
 * them all. Players linked to an earlier menu see the default until their menu is linked again
 * (their next sign-in or language change; docs/LINE.md, "Rich menus").
 */
export async function setupRichMenus(options: {
  clients: RichMenuClients;
  liffId: string;
  /** LINE MINI App mode: the areas open `https://miniapp.line.me/<liffId>/…` (docs/LINE.md). */
  miniApp?: boolean;
  /** PNG of RICH_MENU_SIZE per language; rendered from `richMenuTiles(language)` when absent. */
  images?: Partial<Record<Language, Uint8Array<ArrayBuffer>>>;
}): Promise<RichMenuSetupResult> {
  const { api, blob } = options.clients;
  const existing = await api.getRichMenuList();
  const old = existing.richmenus.filter((menu) => isOurs(menu.name)).map((menu) => menu.richMenuId);

  const created: string[] = [];
  const menus = {} as Record<Language, string>;
  try {
    for (const language of LANGUAGES) {
      const { richMenuId } = await api.createRichMenu(richMenuRequest(options.liffId, language, options.miniApp));
      created.push(richMenuId);
      const image = options.images?.[language] ?? renderRichMenuPng(richMenuTiles(language));
      await blob.setRichMenuImage(richMenuId, new Blob([image], { type: 'image/png' }));
      menus[language] = richMenuId;
    }
  } catch (error) {
    for (const id of created) await api.deleteRichMenu(id).catch(() => undefined);
    throw error;
  }

  // From here on a failure leaves the old menus in place; a re-run finishes the switch.
  const { aliases } = await api.getRichMenuAliasList();
  const aliased = new Set(aliases.map((alias) => alias.richMenuAliasId));
  for (const language of LANGUAGES) {
    const aliasId = richMenuAliasId(language);
    const richMenuId = menus[language];
    if (aliased.has(aliasId)) await api.updateRichMenuAlias(aliasId, { richMenuId });
    else await api.createRichMenuAlias({ richMenuAliasId: aliasId, richMenuId });
  }
  await api.setDefaultRichMenu(menus[DEFAULT_LANGUAGE]);
  for (const id of old) await api.deleteRichMenu(id);
  return { menus, deleted: old };
}
