import type { Language } from '@shuttle/shared';
import { createI18n, loadAdminTexts } from '@shuttle/shared/web/i18n-loader.ts';

/**
 * The first screen's texts per language (app/first-screen-texts.ts), each a chunk of its own,
 * picked from the `admin`, `status` and `errors` files by the build (shared/build/first-screen-texts.ts).
 */
const FIRST_TEXTS = {
  'zh-TW': () => import('virtual:first-screen-texts/zh-TW'),
  en: () => import('virtual:first-screen-texts/en'),
  es: () => import('virtual:first-screen-texts/es'),
  ja: () => import('virtual:first-screen-texts/ja'),
  de: () => import('virtual:first-screen-texts/de'),
} satisfies Record<Language, () => Promise<unknown>>;

/**
 * The admin app's texts: the first screen's alone before it renders, then the whole `admin`
 * namespace, `status` and `errors` once the browser is idle (other screens wait for them:
 * `textsComplete`).
 */
export const { initI18n, changeLanguage, textsComplete } = createI18n(
  'admin',
  loadAdminTexts,
  undefined,
  {},
  (language) => FIRST_TEXTS[language](),
);
