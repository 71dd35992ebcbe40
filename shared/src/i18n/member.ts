import de from './locales/de/member.json' with { type: 'json' };
import en from './locales/en/member.json' with { type: 'json' };
import es from './locales/es/member.json' with { type: 'json' };
import ja from './locales/ja/member.json' with { type: 'json' };
import zhTW from './locales/zh-TW/member.json' with { type: 'json' };
import type { NamespaceResources } from './translate.ts';

/** The `member` namespace (the member app, which loads one language at a time from `locales/`) in every language: for tests and tools, not for servers. */
export const member: NamespaceResources = { 'zh-TW': zhTW, en, es, ja, de };
