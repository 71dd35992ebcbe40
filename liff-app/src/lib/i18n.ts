import { createI18n, loadMemberTexts, loadPagesTexts } from '@shuttle/shared/web/i18n-loader.ts';
import { afterFirstScreen } from './first-screen-drawn';

/**
 * The member app's texts: the `member` namespace, plus `errors`; the English back-up after the
 * first screen; `pages` (privacy, terms, about, level table) with those pages.
 */
export const { initI18n, changeLanguage, loadNamespace } = createI18n(
  'member',
  loadMemberTexts,
  () => afterFirstScreen(),
  { pages: loadPagesTexts },
);
