import type { Language } from '@shuttle/shared';
import { createI18n, loadMemberTexts, loadPagesTexts } from '@shuttle/shared/web/i18n-loader.ts';
import { afterFirstScreen } from './first-screen-drawn';

/**
 * The first screen's texts per language (app/first-screen-texts.ts), each a chunk of its own,
 * picked from the `member` and `errors` files by the build (shared/build/first-screen-texts.ts).
 */
const FIRST_TEXTS = {
  'zh-TW': () => import('virtual:first-screen-texts/zh-TW'),
  en: () => import('virtual:first-screen-texts/en'),
  es: () => import('virtual:first-screen-texts/es'),
  ja: () => import('virtual:first-screen-texts/ja'),
  de: () => import('virtual:first-screen-texts/de'),
} satisfies Record<Language, () => Promise<unknown>>;

/**
 * The member app's texts: the first screen's alone before it renders, then the whole `member`
 * namespace and `errors` once it is drawn (other screens wait for them: `textsComplete`); the
 * English back-up after that; `pages` (privacy, terms, about, level table) with those pages.
 */
export const { initI18n, changeLanguage, loadNamespace, textsComplete } = createI18n(
  'member',
  loadMemberTexts,
  () => afterFirstScreen(),
  { pages: loadPagesTexts },
  (language) => FIRST_TEXTS[language](),
);
