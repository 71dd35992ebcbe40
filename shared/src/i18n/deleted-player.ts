// Named imports without `with { type: 'json' }` on purpose, as in ./email-code.ts: esbuild keeps
// only the imported top-level key of each notifications.json, so the member API bundles this one text.
import { deletedPlayer as de } from './locales/de/notifications.json';
import { deletedPlayer as en } from './locales/en/notifications.json';
import { deletedPlayer as es } from './locales/es/notifications.json';
import { deletedPlayer as ja } from './locales/ja/notifications.json';
import { deletedPlayer as zhTW } from './locales/zh-TW/notifications.json';
import { type NamespaceResources, translator } from './translate.ts';

/** The anonymous name a deleted player's bookings keep for the teams (docs/PRIVACY.md). */
export const deletedPlayerTexts: NamespaceResources = {
  'zh-TW': { deletedPlayer: zhTW },
  en: { deletedPlayer: en },
  es: { deletedPlayer: es },
  ja: { deletedPlayer: ja },
  de: { deletedPlayer: de },
};

/** `translate(language, 'notifications', 'deletedPlayer')`, carrying only that text. */
export const translate = /* @__PURE__ */ translator({ notifications: deletedPlayerTexts });
