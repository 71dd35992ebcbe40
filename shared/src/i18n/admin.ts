import de from './locales/de/admin.json' with { type: 'json' };
import en from './locales/en/admin.json' with { type: 'json' };
import es from './locales/es/admin.json' with { type: 'json' };
import ja from './locales/ja/admin.json' with { type: 'json' };
import zhTW from './locales/zh-TW/admin.json' with { type: 'json' };
import type { NamespaceResources } from './translate.ts';

/** The `admin` namespace (the admin app, which loads one language at a time from `locales/`) in every language: for tests and tools; servers use `./admin-money-csv.ts`. */
export const admin: NamespaceResources = { 'zh-TW': zhTW, en, es, ja, de };
