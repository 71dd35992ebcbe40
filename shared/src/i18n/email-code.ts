// Named imports without `with { type: 'json' }` on purpose, as in ./admin-money-csv.ts: esbuild
// keeps only the imported top-level key of each notifications.json, so the APIs, which e-mail a
// player their verification code, bundle that one text (~0.3 KB a language) instead of every
// notification (~3.5 KB a language; docs/DEPLOY.md, "Bundles").
import { emailCode as de } from './locales/de/notifications.json';
import { emailCode as en } from './locales/en/notifications.json';
import { emailCode as es } from './locales/es/notifications.json';
import { emailCode as ja } from './locales/ja/notifications.json';
import { emailCode as zhTW } from './locales/zh-TW/notifications.json';
import { type NamespaceResources, translator } from './translate.ts';

/** The server's e-mail verification code texts: the `emailCode` part of the `notifications` namespace. */
export const emailCodeTexts: NamespaceResources = {
  'zh-TW': { emailCode: zhTW },
  en: { emailCode: en },
  es: { emailCode: es },
  ja: { emailCode: ja },
  de: { emailCode: de },
};

/** `translate(language, 'notifications', 'emailCode.…', vars)` carrying only the verification code e-mail. */
export const translate = /* @__PURE__ */ translator({ notifications: emailCodeTexts });
