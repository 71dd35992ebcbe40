import de from './locales/de/notifications.json' with { type: 'json' };
import en from './locales/en/notifications.json' with { type: 'json' };
import es from './locales/es/notifications.json' with { type: 'json' };
import ja from './locales/ja/notifications.json' with { type: 'json' };
import zhTW from './locales/zh-TW/notifications.json' with { type: 'json' };
import { type NamespaceResources, translator } from './translate.ts';

/** The `notifications` namespace (LINE pushes and emails to players) in every language. */
export const notifications: NamespaceResources = { 'zh-TW': zhTW, en, es, ja, de };

/** `translate(language, 'notifications', path, vars)` carrying only this namespace's texts. */
export const translate = /* @__PURE__ */ translator({ notifications });
