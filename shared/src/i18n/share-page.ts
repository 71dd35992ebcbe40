// Named imports without `with { type: 'json' }` on purpose, as in ./email-code.ts: esbuild keeps
// only the imported top-level key of each JSON file, so the member API bundles the share page's
// texts and the places line (~1 KB a language), not every reading page (docs/DEPLOY.md, "Bundles").
import { sharePage as de } from './locales/de/pages.json';
import { places as placesDe } from './locales/de/status.json';
import { sharePage as en } from './locales/en/pages.json';
import { places as placesEn } from './locales/en/status.json';
import { sharePage as es } from './locales/es/pages.json';
import { places as placesEs } from './locales/es/status.json';
import { sharePage as ja } from './locales/ja/pages.json';
import { places as placesJa } from './locales/ja/status.json';
import { sharePage as zhTW } from './locales/zh-TW/pages.json';
import { places as placesZhTW } from './locales/zh-TW/status.json';
import { type NamespaceResources, translator } from './translate.ts';

/** The public share page's texts (docs/LINE.md, "Share card"): the `sharePage` part of `pages`. */
export const sharePageTexts: NamespaceResources = {
  'zh-TW': { sharePage: zhTW },
  en: { sharePage: en },
  es: { sharePage: es },
  ja: { sharePage: ja },
  de: { sharePage: de },
};

/** The `places` part of `status`: the status model's places line, the words both apps show. */
export const placesTexts: NamespaceResources = {
  'zh-TW': { places: placesZhTW },
  en: { places: placesEn },
  es: { places: placesEs },
  ja: { places: placesJa },
  de: { places: placesDe },
};

/** `translate(language, 'pages' | 'status', 'sharePage.…' | 'places.…', vars)` carrying only these texts. */
export const translate = /* @__PURE__ */ translator({ pages: sharePageTexts, status: placesTexts });
