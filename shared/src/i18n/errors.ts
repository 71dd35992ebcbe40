import de from './locales/de/errors.json' with { type: 'json' };
import en from './locales/en/errors.json' with { type: 'json' };
import es from './locales/es/errors.json' with { type: 'json' };
import ja from './locales/ja/errors.json' with { type: 'json' };
import zhTW from './locales/zh-TW/errors.json' with { type: 'json' };
import { type NamespaceResources, translator } from './translate.ts';

/** The `errors` namespace (API error codes and client errors) in every language. */
export const errors: NamespaceResources = { 'zh-TW': zhTW, en, es, ja, de };

/** `translate(language, 'errors', path, vars)` carrying only this namespace's texts. */
export const translate = /* @__PURE__ */ translator({ errors });
