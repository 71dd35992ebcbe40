import type { Language } from '@shuttle/shared';
import { createI18n, loadAdminTexts } from '@shuttle/shared/web/i18n-loader.ts';
import { AFTER_FIRST_SCREEN_MS, idleAfter } from './idle';

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
 * Texts nobody waits for, English to back up missing ones and the rest of the board's: after
 * the first screen, not beside it (they took the first screen's bandwidth and a task of its main
 * thread; docs/PLAYER-EXPERIENCE.md, "Speed", for admins). A screen that needs them asks at once
 * (`textsComplete`).
 */
const afterFirstScreen = () => idleAfter(AFTER_FIRST_SCREEN_MS);

/**
 * The admin app's texts: the first screen's alone before it renders, then the whole `admin`
 * namespace, `status` and `errors` after it (`afterFirstScreen`; other screens wait for them:
 * `textsComplete`).
 */
export const { initI18n, changeLanguage, textsComplete } = createI18n(
  'admin',
  loadAdminTexts,
  afterFirstScreen,
  {},
  (language) => FIRST_TEXTS[language](),
);
