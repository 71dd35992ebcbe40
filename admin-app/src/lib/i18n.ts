import { createI18n, loadAdminTexts } from '@shuttle/shared/web/i18n-loader.ts';

/** The admin app's texts: the `admin` namespace, plus `errors`. */
export const { initI18n, changeLanguage } = createI18n('admin', loadAdminTexts);
