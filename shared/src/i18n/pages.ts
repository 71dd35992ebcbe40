import de from './locales/de/pages.json' with { type: 'json' };
import en from './locales/en/pages.json' with { type: 'json' };
import es from './locales/es/pages.json' with { type: 'json' };
import ja from './locales/ja/pages.json' with { type: 'json' };
import zhTW from './locales/zh-TW/pages.json' with { type: 'json' };
import type { NamespaceResources } from './translate.ts';

/**
 * The `pages` namespace: the member app's reading pages (privacy policy, terms of service, about
 * us, the level table), loaded with those pages rather than with the first screen. In every
 * language: for tests and tools, not for servers.
 */
export const pages: NamespaceResources = { 'zh-TW': zhTW, en, es, ja, de };
