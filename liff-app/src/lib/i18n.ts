import { createI18n, loadMemberTexts } from '@shuttle/shared/web/i18n-loader.ts';

/** The member app's texts: the `member` namespace, plus `errors`. */
export const { initI18n, changeLanguage } = createI18n('member', loadMemberTexts);
