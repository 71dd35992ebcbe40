import { createI18n, loadMemberTexts } from '@shuttle/shared/web/i18n-loader.ts';
import { afterFirstScreen } from './first-screen-drawn';

/** The member app's texts: the `member` namespace, plus `errors`; the English back-up after the first screen. */
export const { initI18n, changeLanguage } = createI18n('member', loadMemberTexts, () => afterFirstScreen());
