import de from './locales/de/accounts.json' with { type: 'json' };
import en from './locales/en/accounts.json' with { type: 'json' };
import es from './locales/es/accounts.json' with { type: 'json' };
import ja from './locales/ja/accounts.json' with { type: 'json' };
import zhTW from './locales/zh-TW/accounts.json' with { type: 'json' };
import { type NamespaceResources, translator } from './translate.ts';

/** The `accounts` namespace (emails to admins) in every language. */
export const accounts: NamespaceResources = { 'zh-TW': zhTW, en, es, ja, de };

/** `translate(language, 'accounts', path, vars)` carrying only this namespace's texts. */
export const translate = /* @__PURE__ */ translator({ accounts });
