import de from './locales/de/status.json' with { type: 'json' };
import en from './locales/en/status.json' with { type: 'json' };
import es from './locales/es/status.json' with { type: 'json' };
import ja from './locales/ja/status.json' with { type: 'json' };
import zhTW from './locales/zh-TW/status.json' with { type: 'json' };
import type { NamespaceResources } from './translate.ts';

/**
 * The `status` namespace: a session's badge and places line (`sessionState`,
 * shared/src/domain/session-status.ts), the same words in both apps; in every language.
 */
export const status: NamespaceResources = { 'zh-TW': zhTW, en, es, ja, de };
