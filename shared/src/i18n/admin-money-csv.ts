// Named imports without `with { type: 'json' }` on purpose: esbuild, Vite and tsx then expose each
// top-level key of a JSON file as an export, and esbuild drops the keys nobody imports, so the
// admin API bundles the ~1 KB `moneyCsv` part of each admin.json instead of the whole admin app's
// texts (~30 KB per language). An import attribute would allow only the default export.
import { moneyCsv as de } from './locales/de/admin.json';
import { moneyCsv as en } from './locales/en/admin.json';
import { moneyCsv as es } from './locales/es/admin.json';
import { moneyCsv as ja } from './locales/ja/admin.json';
import { moneyCsv as zhTW } from './locales/zh-TW/admin.json';
import { type NamespaceResources, translator } from './translate.ts';

/** The server's part of the `admin` namespace: the money report's CSV texts (`admin.moneyCsv`). */
export const adminMoneyCsv: NamespaceResources = {
  'zh-TW': { moneyCsv: zhTW },
  en: { moneyCsv: en },
  es: { moneyCsv: es },
  ja: { moneyCsv: ja },
  de: { moneyCsv: de },
};

/** `translate(language, 'admin', 'moneyCsv.…', vars)` carrying only the CSV texts. */
export const translate = /* @__PURE__ */ translator({ admin: adminMoneyCsv });
